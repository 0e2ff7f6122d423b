import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../lib/router';
import { QUOTE_STATUSES, type QuoteStatus } from '../../../shared/domain/quotes';
import { Spinner } from '../../components/ui/Spinner';
import { Pager } from '../../features/admin/Pager';
import { EmptyState, ErrorBox, PageHeader, errorText, inputClass, longDate, money } from '../../features/admin/ui';
import { NewQuoteForm } from '../../features/admin/quotes/NewQuoteForm';
import { QuoteStatusBadge } from '../../features/quotes/QuoteStatusBadge';
import { trpc } from '../../lib/trpc';
import { useListParams } from '../../features/admin/use-list-params';

const FILTER_LABEL: Record<QuoteStatus | '', string> = { '': 'All', requested: 'Requested', quoted: 'Quoted', accepted: 'Accepted', declined: 'Declined', expired: 'Expired' };

/** The quotes queue: requests to price first, then what was sent and how it ended. */
export default function QuotesPage() {
  const [params, setParam] = useListParams();
  const status = (params.get('status') ?? '') as QuoteStatus | '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [creating, setCreating] = useState(false);
  const query = trpc.admin.quotes.list.useQuery({ status: status || undefined, search: params.get('q') || undefined, page, page_size: 20 }, { placeholderData: (prev) => prev });

  return (
    <div>
      <PageHeader
        title="Quotes"
        subtitle={query.data ? `${query.data.total} quote(s)` : undefined}
        actions={
          !creating && (
            <button type="button" onClick={() => setCreating(true)} className="inline-flex items-center gap-1 rounded-lg bg-emerald-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-700">
              <Plus className="h-4 w-4" aria-hidden /> New quote for a customer
            </button>
          )
        }
      />
      {creating && <NewQuoteForm onClose={() => setCreating(false)} />}
      <div className="mb-3 flex gap-1 overflow-x-auto" role="group" aria-label="Filter by status">
        {(['', ...QUOTE_STATUSES] as const).map((s) => (
          <button key={s || 'all'} type="button" aria-pressed={status === s} onClick={() => setParam('status', s)} className={`whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${status === s ? 'bg-emerald-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'}`}>
            {FILTER_LABEL[s]}
          </button>
        ))}
      </div>
      <form onSubmit={(e) => { e.preventDefault(); setParam('q', search.trim()); }} className="relative mb-4">
        <Search className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <input value={search} onChange={(e) => setSearch(e.target.value)} onBlur={() => setParam('q', search.trim())} placeholder="Search quote number or email..." aria-label="Search quotes" className={`${inputClass} mt-0 pl-9`} />
      </form>
      {query.error ? (
        <ErrorBox message={`Failed to load quotes: ${errorText(query.error)}`} onRetry={() => query.refetch()} />
      ) : query.isLoading ? (
        <Spinner label="Loading quotes..." />
      ) : !query.data?.items.length ? (
        <EmptyState title="No quotes found" text={status || params.get('q') ? 'Try another status or search.' : 'Requests appear here when a buyer asks for a quote from the cart.'} />
      ) : (
        <>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="quote-queue">
            {query.data.items.map((q) => (
              <li key={q.id}>
                <Link to={`/admin/quotes/${q.id}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-slate-50">
                  <span className="font-mono text-sm font-semibold text-slate-900">{q.quote_number}</span>
                  <QuoteStatusBadge status={q.status} label={FILTER_LABEL[q.status]} />
                  <span className="min-w-0 flex-1 truncate text-sm text-slate-600">
                    {q.company_name ? `${q.company_name} · ` : ''}
                    {q.customer_name} · {q.email}
                  </span>
                  <span className="text-sm text-slate-500">{longDate(q.created_at)}</span>
                  <span className="w-16 text-right text-sm text-slate-500">{q.line_count} line(s)</span>
                  <span className="w-24 text-right font-semibold text-slate-900">{q.total === null ? '—' : money(q.total)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={query.data.pages} total={query.data.total} onPage={(p) => setParam('page', String(p))} label="quotes" />
        </>
      )}
    </div>
  );
}

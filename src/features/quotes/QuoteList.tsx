import { ChevronRight, FileText } from 'lucide-react';
import { Link } from '../../lib/router';
import { ButtonLink } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { trpc } from '../../lib/trpc';
import { money } from '../cart/money';
import { formatOrderDate } from '../orders/StatusBadge';
import { QuoteStatusBadge } from './QuoteStatusBadge';

/** The buyer's quotes with their status, for /quotes and the account's Quotes tab. */
export function QuoteList() {
  const query = trpc.quotes.list.useQuery();
  const quotes = query.data ?? [];
  return (
    <>
      {query.isLoading ? (
        <Spinner label="Loading your quotes..." />
      ) : query.isError ? (
        <ErrorState className="mt-8" title="We couldn't load your quotes" onRetry={() => query.refetch()} />
      ) : quotes.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <FileText className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
          <p className="mt-2">No quotes yet. Fill your cart with what you need and choose &quot;Request a quote&quot;.</p>
          <ButtonLink to="/cart" variant="outline" className="mt-4">Go to your cart</ButtonLink>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="quotes">
          {quotes.map((q) => (
            <li key={q.id}>
              <Link to={`/quotes/${q.id}`} className="flex items-center justify-between gap-3 p-4 hover:bg-slate-50">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {q.quote_number} <QuoteStatusBadge status={q.status} />
                  </p>
                  <p className="text-xs text-slate-500">
                    {q.lines.length} line(s) · asked {formatOrderDate(q.created_at)}
                    {q.total !== null && ` · ${money(q.total)}`}
                  </p>
                </div>
                <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { useParams } from '../../lib/router';
import { trpc } from '../../lib/trpc';
import { formatOrderDate } from '../orders/StatusBadge';
import { AcceptQuoteForm } from '../quotes/AcceptQuoteForm';
import { QuoteLines } from '../quotes/QuoteLines';
import { formatDay, QuoteStatusBadge } from '../quotes/QuoteStatusBadge';
import { CompanyRecordPage } from './CompanyRecordPage';

/**
 * A member's quote, for the company's admins (decisions 0195, 0202): who asked, the lines and
 * prices, and, while it is priced and valid, accepting it for the company: the order is placed by
 * the admin at the quoted prices, and the quote is marked accepted for the member who asked.
 */
export default function CompanyQuotePage() {
  const { id = '' } = useParams();
  const query = trpc.company.quote.useQuery({ id }, { retry: false });
  const [accepting, setAccepting] = useState(false);
  const seo = { title: query.data ? `Quote ${query.data.quote_number}` : 'Company quote', description: 'A quote asked for by a member of your company.', path: `/company/quotes/${id}` };
  return (
    <CompanyRecordPage what="quote" query={query} seo={seo} width="max-w-4xl">
      {(q) => (
        <>
          <h1 className="mt-2 flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
            Quote {q.quote_number} <QuoteStatusBadge status={q.status} />
          </h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="made-by">
            Asked by <span className="font-medium text-slate-900">{q.made_by.name}</span> ({q.made_by.email}) on {formatOrderDate(q.created_at)}
            {q.valid_until && q.status === 'quoted' && ` · valid until ${formatDay(q.valid_until)}`}
          </p>
          {q.status === 'accepted' && q.order_number && <p className="mt-3 text-sm text-slate-700">Accepted: order {q.order_number}.</p>}
          {q.message && <p className="mt-4 whitespace-pre-line rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-slate-800">{q.message}</p>}
          <section className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-label="Lines">
            <QuoteLines quote={q} />
          </section>
          {q.status === 'quoted' && !accepting && (
            <div className="mt-6">
              <Button size="lg" onClick={() => setAccepting(true)}>Accept and order for the company</Button>
            </div>
          )}
          {q.status === 'quoted' && accepting && <AcceptQuoteForm quoteId={q.id} total={q.total!} onCancel={() => setAccepting(false)} />}
        </>
      )}
    </CompanyRecordPage>
  );
}

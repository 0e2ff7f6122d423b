import { ArrowLeft, Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Link } from '../../lib/router';
import { Seo } from '../../components/Seo';
import { Button } from '../../components/ui/Button';
import { formatOrderDate } from '../../features/orders/StatusBadge';
import { QuoteLines } from '../../features/quotes/QuoteLines';
import { formatDay, QuoteStatusBadge } from '../../features/quotes/QuoteStatusBadge';
import { downloadFile } from '../../lib/download';
import { errorDetail, trpc, type RouterOutputs } from '../../lib/trpc';
import { AcceptQuoteForm } from '../../features/quotes/AcceptQuoteForm';

/**
 * One of the buyer's quotes once it has arrived: lines, prices, the PDF, and accept (with the delivery
 * address) or decline. A chunk of its own (decision 0156), loaded beside the quote itself, so that
 * /quotes/:id's first load is only the page's shell (spinner, not found, error).
 */
export default function QuoteView({ id, quote: q }: { id: string; quote: RouterOutputs['quotes']['get'] }) {
  const [accepting, setAccepting] = useState(false);
  const decline = trpc.quotes.decline.useMutation();
  const utils = trpc.useUtils();

  async function onDecline() {
    if (!window.confirm(q.status === 'requested' ? 'Withdraw this quote request?' : 'Decline this quote? It cannot be accepted afterwards.')) return;
    try {
      await decline.mutateAsync({ id });
      await utils.quotes.invalidate();
      toast.success(`Quote ${q.quote_number} declined`);
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to decline the quote');
    }
  }

  const open = q.status === 'requested' || q.status === 'quoted';
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Seo title={`Quote ${q.quote_number}`} description="Your quote." path={`/quotes/${id}`} noindex />
      <Link to="/quotes" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" aria-hidden /> My quotes
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
          Quote {q.quote_number} <QuoteStatusBadge status={q.status} />
        </h1>
        {q.total !== null && (
          <Button variant="outline" size="sm" onClick={() => downloadFile(`/quotes/${q.id}/quote.pdf`, 'quote.pdf').catch((err: Error) => toast.error(err.message))}>
            <Download className="h-4 w-4" aria-hidden /> Quote (PDF)
          </Button>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Asked {formatOrderDate(q.created_at)}
        {q.target_date && ` · wanted by ${formatDay(q.target_date)}`}
        {q.company && ` · for ${q.company.name}`}
      </p>
      <StatusNote status={q.status} validUntil={q.valid_until} orderId={q.order_id} orderNumber={q.order_number} />
      {q.message && <p className="mt-4 whitespace-pre-line rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-slate-800">{q.message}</p>}
      {q.note && <p className="mt-3 text-sm text-slate-600"><span className="font-medium text-slate-800">Your note:</span> {q.note}</p>}
      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-label="Lines">
        <QuoteLines quote={q} />
      </section>
      {open && (
        <div className="mt-6 flex flex-wrap gap-2">
          {q.status === 'quoted' && !accepting && <Button size="lg" onClick={() => setAccepting(true)}>Accept and order</Button>}
          <Button variant="ghost" onClick={() => void onDecline()} disabled={decline.isPending}>{q.status === 'requested' ? 'Withdraw request' : 'Decline'}</Button>
        </div>
      )}
      {q.status === 'quoted' && accepting && <AcceptQuoteForm quoteId={q.id} total={q.total!} onCancel={() => setAccepting(false)} />}
    </div>
  );
}

function StatusNote({ status, validUntil, orderId, orderNumber }: { status: string; validUntil: string | null; orderId: string | null; orderNumber: string | null }) {
  const text: Record<string, React.ReactNode> = {
    requested: 'We are pricing your request and will e-mail you when the quote is ready.',
    quoted: validUntil && `Valid until ${formatDay(validUntil)}. Accept it before then to order at these prices.`,
    expired: validUntil && `This quote expired on ${formatDay(validUntil)}. Ask us for a new one from the product page, quick order or your cart.`,
    declined: 'This quote is closed.',
    accepted: orderId && (
      <>
        Accepted: <Link to={`/orders/${orderId}`} className="font-medium underline">order {orderNumber}</Link>.
      </>
    ),
  };
  return text[status] ? <p className="mt-3 text-sm text-slate-700" data-testid="quote-note">{text[status]}</p> : null;
}

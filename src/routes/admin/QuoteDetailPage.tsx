import { ArrowLeft, FileDown, Send } from 'lucide-react';
import { useEffect, useState, type ComponentProps } from 'react';
import { toast } from '../../lib/toast';
import { Link, useParams } from '../../lib/router';
import { MAX_QUOTE_VALIDITY_DAYS, sgToday } from '../../../shared/domain/quotes';
import type { AdminQuoteDetailDto } from '../../../shared/schemas/quote.schema';
import { Spinner } from '../../components/ui/Spinner';
import { OrderStatusBadge } from '../../features/admin/OrderStatusBadge';
import { Card, ErrorBox, errorText, inputClass, labelClass, longDate, money, RecordColumns } from '../../features/admin/ui';
import { QuoteLines } from '../../features/quotes/QuoteLines';
import { formatDay, QuoteStatusBadge } from '../../features/quotes/QuoteStatusBadge';
import { downloadFile } from '../../lib/download';
import { trpc } from '../../lib/trpc';
import type { OrderStatus } from '../../../shared/constants';

const addDays = (date: string, n: number) => new Date(Date.parse(date) + n * 86_400_000).toISOString().slice(0, 10);

type PriceCell = ComponentProps<typeof QuoteLines>['priceCell'];

/** When and by when the quote was asked for, the buyer's note, the lines (with the price inputs while it is being written) and the order it became. */
function AskedLines({ q, priceCell }: { q: AdminQuoteDetailDto; priceCell: PriceCell }) {
  return (
    <>
      <p className="mb-3 mt-2 text-sm text-slate-600">
        Asked {longDate(q.created_at)}
        {q.started_by_staff ? ' (started by staff)' : ''}
        {q.target_date && ` · wanted by ${formatDay(q.target_date)}`}
      </p>
      {q.note && <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-slate-800"><span className="font-medium">Note:</span> {q.note}</p>}
      <QuoteLines quote={q} priceCell={priceCell} />
      {q.order_id && (
        <p className="mt-3 text-sm">
          Accepted: <Link className="font-medium underline" to={`/admin/orders/${q.order_id}`}>order {q.order_number}</Link>
        </p>
      )}
    </>
  );
}

/** One quote: who asked and what they bought before, and the prices, shipping, validity and message to send. */
export default function QuoteDetailPage() {
  const { id = '' } = useParams();
  const query = trpc.admin.quotes.get.useQuery({ id });
  if (query.isLoading) return <Spinner label="Loading quote..." />;
  if (query.error || !query.data) return <ErrorBox message={`Failed to load quote: ${errorText(query.error)}`} onRetry={() => query.refetch()} />;
  return <QuoteDetail key={query.data.quoted_at ?? 'new'} q={query.data} />;
}

function QuoteDetail({ q }: { q: AdminQuoteDetailDto }) {
  const utils = trpc.useUtils();
  const send = trpc.admin.quotes.send.useMutation();
  const editable = q.status === 'requested' || q.status === 'quoted' || q.status === 'expired';
  // Prices start from what was sent, or the list price for the quantity.
  const [prices, setPrices] = useState<string[]>(() => q.lines.map((l) => String(l.unit_price ?? l.list_price)));
  const [shipping, setShipping] = useState(q.shipping_fee === null ? '' : String(q.shipping_fee));
  const [validUntil, setValidUntil] = useState(q.status === 'quoted' && q.valid_until ? q.valid_until : addDays(sgToday(), 14));
  const [message, setMessage] = useState(q.message ?? '');
  useEffect(() => setPrices(q.lines.map((l) => String(l.unit_price ?? l.list_price))), [q.lines]);

  const priceCell: PriceCell = editable
    ? (l, i) => (
        <input
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          aria-label={`Unit price for ${l.sku}`}
          value={prices[i] ?? ''}
          onChange={(e) => setPrices((p) => p.map((x, j) => (j === i ? e.target.value : x)))}
          className="w-24 rounded-lg border border-slate-300 px-2 py-1 text-right text-sm"
        />
      )
    : undefined;

  const draftTotal = q.lines.reduce((s, l, i) => s + Math.round((Number(prices[i]) || 0) * 100) * l.quantity, 0) / 100 + (Number(shipping) || 0);

  async function onSend() {
    const lines = q.lines.map((l, i) => ({ line_id: l.id, unit_price: Number(prices[i]) }));
    const bad = lines.findIndex((l) => !(l.unit_price > 0));
    if (bad >= 0) return void toast.error(`Enter a price above 0 for ${q.lines[bad].sku}`);
    if (shipping.trim() === '' || Number.isNaN(Number(shipping))) return void toast.error('Enter a shipping fee (0 for free shipping)');
    try {
      const updated = await send.mutateAsync({ id: q.id, lines, shipping_fee: Number(shipping), valid_until: validUntil, message: message.trim() || null });
      utils.admin.quotes.get.setData({ id: q.id }, updated);
      await utils.admin.quotes.list.invalidate();
      toast.success(`Quote ${updated.quote_number} sent to ${updated.buyer.email}`);
    } catch (err) {
      toast.error(`Failed to send the quote: ${errorText(err)}`);
    }
  }

  return (
    <div className="space-y-4">
      <Link to="/admin/quotes" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Quotes
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
          <span className="font-mono">{q.quote_number}</span> <QuoteStatusBadge status={q.status} />
        </h1>
        {q.total !== null && (
          <button type="button" onClick={() => downloadFile(`/admin/quotes/${q.id}/quote.pdf`, 'quote.pdf').catch((err: Error) => toast.error(`Failed to download the quote: ${err.message}`))} className="inline-flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50">
            <FileDown className="h-4 w-4" aria-hidden /> Quote (PDF)
          </button>
        )}
      </div>
      <RecordColumns title="Lines" main={<AskedLines q={q} priceCell={priceCell} />}>
        <Card className="p-4">
          <h2 className="text-base font-semibold text-slate-900">Buyer</h2>
          <p className="mt-1 text-sm text-slate-800">{q.buyer.name}</p>
          <p className="text-sm text-slate-600">{q.buyer.email}</p>
          {q.company && (
            <p className="mt-1 text-sm text-slate-600">
              {q.company.name} · {q.company.country === 'SG' ? 'UEN' : 'SSM'} {q.company.registration_number}
            </p>
          )}
          <p className="mt-2 text-sm text-slate-600">{q.buyer.order_count} order(s) · {money(q.buyer.total_spent)} spent</p>
          {q.buyer.recent_orders.length > 0 && (
            <ul className="mt-2 space-y-1 text-sm" aria-label="Recent orders">
              {q.buyer.recent_orders.map((o) => (
                <li key={o.id} className="flex items-center justify-between gap-2">
                  <Link to={`/admin/orders/${o.id}`} className="font-mono text-xs underline">{o.order_number}</Link>
                  <OrderStatusBadge status={o.status as OrderStatus} />
                  <span>{money(o.total)}</span>
                </li>
              ))}
            </ul>
          )}
          {q.buyer.other_quotes.length > 0 && (
            <>
              <h3 className="mt-3 text-sm font-semibold text-slate-800">Other quotes</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {q.buyer.other_quotes.map((o) => (
                  <li key={o.id} className="flex items-center justify-between gap-2">
                    <Link to={`/admin/quotes/${o.id}`} className="font-mono text-xs underline">{o.quote_number}</Link>
                    <QuoteStatusBadge status={o.status} />
                    <span>{o.total === null ? '—' : money(o.total)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
        {editable ? (
          <Card className="p-4">
            <form onSubmit={(e) => { e.preventDefault(); void onSend(); }} className="space-y-3" aria-label="Send the quote">
              <h2 className="text-base font-semibold text-slate-900">{q.status === 'requested' ? 'Price and send' : 'Send again'}</h2>
              <label className={labelClass}>
                Shipping fee ($)
                <input type="number" inputMode="decimal" min="0" step="0.01" required value={shipping} onChange={(e) => setShipping(e.target.value)} className={inputClass} />
              </label>
              <label className={labelClass}>
                Valid until
                <input type="date" required min={sgToday()} max={addDays(sgToday(), MAX_QUOTE_VALIDITY_DAYS)} value={validUntil} onChange={(e) => setValidUntil(e.target.value)} className={inputClass} />
              </label>
              <label className={labelClass}>
                Message to the buyer
                <textarea rows={3} maxLength={2000} value={message} onChange={(e) => setMessage(e.target.value)} className={inputClass} placeholder="e.g. Volume price for 100 packs a month" />
              </label>
              <p className="text-sm text-slate-600">Total with these prices: <strong>{money(draftTotal)}</strong> (GST included)</p>
              <button type="submit" disabled={send.isPending} className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-emerald-600 px-3 py-2 text-sm font-semibold text-white hover:bg-emerald-700 disabled:opacity-50">
                <Send className="h-4 w-4" aria-hidden /> {send.isPending ? 'Sending...' : 'Send quote'}
              </button>
            </form>
          </Card>
        ) : (
          q.valid_until && <Card className="p-4 text-sm text-slate-600">Was valid until {formatDay(q.valid_until)}.</Card>
        )}
      </RecordColumns>
    </div>
  );
}

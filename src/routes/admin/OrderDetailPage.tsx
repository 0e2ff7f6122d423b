import { ArrowLeft, FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Link, useParams } from '../../lib/router';
import type { OrderStatus } from '../../../shared/constants';
import { COURIERS } from '../../../shared/domain/couriers';
import { OrderTimeline } from '../../features/orders/OrderTimeline';
import { Button } from '../../components/ui/Button';
import { ProductImage } from '../../components/ProductImage';
import { Spinner } from '../../components/ui/Spinner';
import { OrderStatusBadge } from '../../features/admin/OrderStatusBadge';
import { PaymentsPanel } from '../../features/admin/payments/PaymentsPanel';
import { InvoicePaymentPanel } from '../../features/admin/payments/InvoicePaymentPanel';
import { Card, ErrorBox, errorText, inputClass, labelClass, money, RecordColumns } from '../../features/admin/ui';
import { downloadFile } from '../../lib/download';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { sizeWithTimes } from '../../features/admin/packing';
import { countOf, unitNoun } from '../../../shared/domain/product-options';

const ACTION: Record<OrderStatus, string> = {
  pending: 'Mark pending',
  paid: 'Mark as paid',
  processing: 'Start processing',
  shipped: 'Ship order',
  delivered: 'Mark as delivered',
  cancelled: 'Cancel order',
};

type Detail = RouterOutputs['admin']['orders']['get'];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "25 × 35 cm · White · Premium · 100 pcs/pack": the variant as ordered, so a packer picks the right one. */
function variantText(i: Detail['items'][number]): string {
  const parts = [
    i.size ? `${sizeWithTimes(i.size)} cm` : null,
    i.color ? capital(i.color) : null,
    i.type && i.type !== 'normal' ? capital(i.type) : null,
    i.pack_size > 1 ? `${i.pack_size} pcs/pack` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** The buyer's company as the tax invoice bills it: the numbers a business buyer claims input tax with. */
function CompanyCard({ company: c }: { company: NonNullable<Detail['company']> }) {
  const sg = c.country === 'SG';
  return (
    <Card>
      <h2 className="mb-2 font-semibold text-slate-900">Company</h2>
      <dl className="space-y-1 text-sm text-slate-700" data-testid="order-company">
        <div><dt className="sr-only">Name</dt><dd className="font-medium text-slate-900">{c.name}</dd></div>
        <div className="flex gap-2"><dt className="text-slate-500">{sg ? 'UEN' : 'SSM no.'}</dt><dd className="font-mono">{c.registration_number}</dd></div>
        <div className="flex gap-2"><dt className="text-slate-500">{sg ? 'GST reg. no.' : 'SST reg. no.'}</dt><dd className="font-mono">{c.tax_number ?? <span className="font-sans text-slate-500">Not registered</span>}</dd></div>
        {c.billing_address && <div><dt className="sr-only">Billing address</dt><dd className="whitespace-pre-line">{c.billing_address}</dd></div>}
      </dl>
    </Card>
  );
}

/** The order's lines, free gifts and totals: the main card of its page. */
function OrderItems({ o }: { o: Detail }) {
  return (
    <>
      <ul className="mt-3 divide-y divide-slate-100">
        {o.items.map((i) => (
          <li key={i.id} className="flex items-start gap-3 py-2">
            {i.product_image ? <ProductImage url={i.product_image} alt="" sizes="48px" className="h-12 w-12 shrink-0 rounded-lg object-cover" /> : <div className="h-12 w-12 shrink-0 rounded-lg bg-slate-100" />}
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-slate-900">{i.product_name}</p>
              {variantText(i) && <p className="text-sm text-slate-700" data-testid="line-variant">{variantText(i)}</p>}
              <p className="break-all font-mono text-xs text-slate-500"><span className="sr-only">SKU </span>{i.sku}{!i.variant_id && ' · variant deleted'}</p>
              <p className="text-sm text-slate-600">{countOf(i.quantity, i.pack_size)} × {money(i.unit_price)} per {unitNoun(i.pack_size)}</p>
            </div>
            <span className="text-sm font-semibold">{money(i.line_total)}</span>
          </li>
        ))}
      </ul>
      {o.gifts.length > 0 && (
        <p className="mt-3 text-sm text-slate-600">Free gifts: {o.gifts.map((g) => `${g.gift_name}${g.quantity > 1 ? ` ×${g.quantity}` : ''}`).join(', ')}</p>
      )}
      <dl className="mt-4 space-y-1 border-t border-slate-100 pt-3 text-sm">
        <div className="flex justify-between"><dt>Subtotal</dt><dd>{money(o.subtotal)}</dd></div>
        {o.discount > 0 && <div className="flex justify-between text-emerald-700"><dt>Discount{o.coupon_code ? ` (${o.coupon_code})` : ''}</dt><dd>-{money(o.discount)}</dd></div>}
        <div className="flex justify-between"><dt>Shipping</dt><dd>{money(o.shipping)}</dd></div>
        <div className="flex justify-between font-semibold"><dt>Total</dt><dd>{money(o.total)}</dd></div>
        <div className="flex justify-between text-xs text-slate-500"><dt>GST included</dt><dd>{money(o.gst)}</dd></div>
      </dl>
    </>
  );
}

export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const utils = trpc.useUtils();
  const order = trpc.admin.orders.get.useQuery({ id });
  const move = trpc.admin.orders.updateStatus.useMutation();
  const history = trpc.admin.orders.history.useQuery({ id });
  const [tracking, setTracking] = useState('');
  const [courier, setCourier] = useState<string>('singpost');
  const [note, setNote] = useState('');

  async function go(status: OrderStatus) {
    if (status === 'shipped' && !tracking.trim()) return void toast.error('Please enter a tracking number to ship this order');
    if (status === 'cancelled' && !window.confirm('Cancel this order? Its stock allocation and gifts are released.')) return;
    // Paid sends the buyer a receipt and counts the money in the reports: only once it has arrived.
    if (status === 'paid' && !window.confirm(`Mark order ${order.data?.order_number ?? ''} as paid? Do this only when the money (${money(order.data?.total ?? 0)}) has arrived; the buyer is told by e-mail.`)) return;
    try {
      const shipping = status === 'shipped';
      const updated = await move.mutateAsync({
        id,
        status,
        tracking_number: shipping ? tracking.trim() : undefined,
        courier: shipping ? (courier as 'other') : undefined,
        note: note.trim() || undefined,
      });
      utils.admin.orders.get.setData({ id }, updated);
      setNote('');
      await utils.admin.orders.history.invalidate({ id });
      await Promise.all([utils.admin.orders.list.invalidate(), utils.admin.inventory.invalidate(), utils.admin.dashboard.stats.invalidate()]);
      toast.success(`Order ${updated.order_number} is now ${updated.status}`);
    } catch (err) {
      toast.error(`Failed to update order: ${errorText(err)}`);
    }
  }

  if (order.isLoading) return <Spinner label="Loading order..." />;
  if (order.error || !order.data) return <ErrorBox message={`Failed to load order: ${errorText(order.error)}`} onRetry={() => order.refetch()} />;
  const o = order.data;
  const a = o.shipping_address;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/orders" aria-label="Back to orders" className="rounded-lg p-1.5 text-slate-600 hover:bg-white"><ArrowLeft className="h-5 w-5" /></Link>
        <h1 className="font-mono text-xl font-bold text-slate-900">{o.order_number}</h1>
        <span data-testid="order-status"><OrderStatusBadge status={o.status} /></span>
        <Button
          variant="outline"
          size="sm"
          className="sm:ml-auto"
          onClick={() => downloadFile(`/admin/orders/${o.id}/invoice.pdf`, 'tax-invoice.pdf').catch((err: Error) => toast.error(`Failed to download the invoice: ${err.message}`))}
        >
          <FileDown className="h-4 w-4" aria-hidden /> Tax invoice (PDF)
        </Button>
      </div>
      {o.allowed_next.length > 0 && (
        <Card>
          <h2 className="mb-3 font-semibold text-slate-900">Next step</h2>
          {o.allowed_next.includes('shipped') && (
            <div className="mb-3 grid max-w-xl gap-3 sm:grid-cols-2">
              <label className={labelClass}>
                Courier
                <select value={courier} onChange={(e) => setCourier(e.target.value)} className={inputClass}>
                  {COURIERS.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
                  <option value="other">Other courier</option>
                </select>
              </label>
              <label className={labelClass}>
                Tracking number
                <input value={tracking} onChange={(e) => setTracking(e.target.value)} placeholder="e.g. SG123456789" className={inputClass} />
              </label>
            </div>
          )}
          <label className={`${labelClass} mb-3 max-w-xl`}>
            Note for the history {o.allowed_next.includes('cancelled') && <span className="font-normal text-slate-500">(when cancelling, the customer is told this as the reason)</span>}
            <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} placeholder="Optional" className={inputClass} />
          </label>
          <div className="flex flex-wrap gap-2">
            {o.allowed_next.map((s) => (
              <Button key={s} variant={s === 'cancelled' ? 'danger' : 'primary'} disabled={move.isPending} onClick={() => go(s)}>
                {ACTION[s]}
              </Button>
            ))}
          </div>
        </Card>
      )}
      <RecordColumns title="Items" main={<OrderItems o={o} />}>
        {o.company && <CompanyCard company={o.company} />}
        <Card>
          <h2 className="mb-2 font-semibold text-slate-900">Ship to</h2>
          <p className="text-sm text-slate-700">{a.full_name}<br />{a.phone}<br />{a.address_line1}{a.unit ? `, ${a.unit}` : ''}{a.address_line2 ? <><br />{a.address_line2}</> : null}<br />{a.city} {a.postal_code}, {a.state}, {a.country}</p>
          <p className="mt-2 text-sm text-slate-500">{o.email}</p>
          {o.tracking_number && (
            <p className="mt-2 text-sm text-slate-700" data-testid="tracking-number">
              {o.courier ? `${o.courier}: ` : 'Tracking: '}
              {o.tracking_url ? (
                <a href={o.tracking_url} target="_blank" rel="noopener noreferrer" className="font-mono text-emerald-700 underline hover:text-emerald-800">{o.tracking_number}</a>
              ) : (
                <span className="font-mono">{o.tracking_number}</span>
              )}
            </p>
          )}
        </Card>
        {o.invoice && <InvoicePaymentPanel orderId={o.id} total={o.total} invoice={o.invoice} onRecorded={() => Promise.all([order.refetch(), history.refetch()])} />}
        <PaymentsPanel orderId={o.id} status={o.status} creditNotes={o.credit_notes} onRefunded={() => Promise.all([order.refetch(), history.refetch()]).then(() => undefined)} />
        <Card>
          <h2 className="mb-3 font-semibold text-slate-900">History</h2>
          {history.error ? <ErrorBox message={`Failed to load the history: ${errorText(history.error)}`} /> : history.isLoading ? <Spinner /> : <OrderTimeline entries={history.data ?? []} />}
        </Card>
      </RecordColumns>
    </div>
  );
}

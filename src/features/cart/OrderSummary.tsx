import type { ReactNode } from 'react';
import { money, shippingLabel } from './money';

interface Figures {
  subtotal: number;
  shipping_fee: number;
  gst: number;
  discount: number;
  total: number;
  coupon_code?: string | null;
  item_count?: number;
}

/** Subtotal, shipping ('Free' when 0), discount, total and the GST inside it. */
export function OrderSummary({ figures, title = 'Order Summary', children }: { figures: Figures; title?: string; children?: ReactNode }) {
  const row = (label: ReactNode, value: string, cls = 'text-slate-700', testId?: string) => (
    <div className={`flex justify-between text-sm ${cls}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={title}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <dl className="mt-4 space-y-2">
        {row(figures.item_count !== undefined ? `Subtotal (${figures.item_count} item${figures.item_count === 1 ? '' : 's'})` : 'Subtotal', money(figures.subtotal), undefined, 'summary-subtotal')}
        {row('Shipping', shippingLabel(figures.shipping_fee), figures.shipping_fee === 0 ? 'text-emerald-700' : undefined, 'summary-shipping')}
        {figures.discount > 0 &&
          row(figures.coupon_code ? `Discount (${figures.coupon_code})` : 'Discount', `-${money(figures.discount)}`, 'text-emerald-700', 'summary-discount')}
        <div className="flex justify-between border-t border-slate-200 pt-3 text-base font-semibold text-slate-900">
          <dt>Total</dt>
          <dd data-testid="summary-total">{money(figures.total)}</dd>
        </div>
        {row('Includes GST (9%)', money(figures.gst), 'text-slate-500', 'summary-gst')}
      </dl>
      {children}
    </section>
  );
}

import { Gift, Package } from 'lucide-react';
import type { OrderDto } from '../../../shared/schemas/order.schema';
import { COUNTRY_NAMES } from '../../../shared/domain/address';
import { countOf, packSizeOf, unitNoun } from '../../../shared/domain/product-options';
import { money } from '../cart/money';
import { OrderSummary } from '../cart/OrderSummary';
import { Thumbnail } from '../../components/Thumbnail';

/** Items, gifts, totals and the shipping address of one order (detail and success pages). */
export function OrderDetails({ order }: { order: OrderDto }) {
  const a = order.shipping_address;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 space-y-6 lg:col-span-2">
        <section className="rounded-xl border border-slate-200 bg-white px-5 shadow-sm" aria-label="Items">
          <ul className="divide-y divide-slate-200">
            {order.items.map((i, n) => (
              <li key={n} className="flex gap-4 py-4">
                <Thumbnail
                  url={i.product_image}
                  sizes="64px"
                  box="h-16 w-16 flex-none rounded-lg"
                  imageClass="border border-slate-200 object-cover"
                  placeholderClass="bg-slate-100"
                  icon={<Package className="h-6 w-6 text-slate-400" aria-hidden />}
                />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{i.product_name}</p>
                  <p className="break-all text-xs text-slate-500">SKU {i.sku}</p>
                  <p className="text-sm text-slate-600">
                    {countOf(i.quantity, packSizeOf(i.attributes))} × {money(i.price)} per {unitNoun(packSizeOf(i.attributes))}
                  </p>
                </div>
                <p className="font-semibold text-slate-900">{money(i.line_total)}</p>
              </li>
            ))}
            {order.gifts.map((g, n) => (
              <li key={`g${n}`} className="flex items-center gap-4 py-3 text-sm text-emerald-800">
                <span className="flex h-10 w-10 flex-none items-center justify-center rounded-lg bg-emerald-50">
                  <Gift className="h-5 w-5" aria-hidden />
                </span>
                <span className="flex-1">
                  {g.name} {g.tier_name && <span className="text-slate-500">({g.tier_name})</span>}
                </span>
                <span>Free</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="text-base font-semibold text-slate-900">Shipping address</h2>
          <address className="mt-2 text-sm not-italic leading-6 text-slate-700">
            {a.full_name}
            <br />
            {a.phone}
            <br />
            {[a.address_line1, a.address_line2, a.unit].filter(Boolean).join(', ')}
            <br />
            {a.city}, {a.state} {a.postal_code}
            <br />
            {COUNTRY_NAMES[a.country as 'SG' | 'MY'] ?? a.country}
          </address>
          {order.tracking_number && (
            <p className="mt-3 text-sm text-slate-700" data-testid="tracking-number">
              {order.courier ? `${order.courier} tracking number: ` : 'Tracking number: '}
              {order.tracking_url ? (
                <a href={order.tracking_url} target="_blank" rel="noopener noreferrer" className="font-mono font-semibold text-emerald-700 underline hover:text-emerald-800">{order.tracking_number}</a>
              ) : (
                <strong className="font-mono">{order.tracking_number}</strong>
              )}
            </p>
          )}
        </section>
      </div>
      <OrderSummary figures={{ ...order, item_count: order.item_count }} />
    </div>
  );
}

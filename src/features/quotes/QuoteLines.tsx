import type { QuoteDto } from '../../../shared/schemas/quote.schema';
import { money, shippingLabel } from '../cart/money';

/** The lines of a quote with list and quoted prices, and the totals once priced; one table for buyer and staff. */
export function QuoteLines({ quote, priceCell }: { quote: QuoteDto; priceCell?: (line: QuoteDto['lines'][number], index: number) => React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[18rem] text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
            <th className="py-2 pr-2 font-medium">Item</th>
            <th className="px-2 py-2 text-right font-medium">Packs</th>
            <th className="hidden px-2 py-2 text-right font-medium sm:table-cell">Usual price</th>
            <th className="px-2 py-2 text-right font-medium">Quoted</th>
            <th className="py-2 pl-2 text-right font-medium">Total</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {quote.lines.map((l, i) => (
            <tr key={l.id}>
              <td className="py-2 pr-2">
                <span className="block font-medium text-slate-900">{l.product_name}</span>
                <span className="block break-all text-xs text-slate-500">SKU {l.sku} · {l.pack_size} pcs/pack</span>
                <span className="block text-xs text-slate-500 sm:hidden">Usual price {money(l.list_price)}</span>
              </td>
              <td className="px-2 py-2 text-right">{l.quantity}</td>
              <td className="hidden px-2 py-2 text-right text-slate-500 sm:table-cell">{money(l.list_price)}</td>
              <td className="px-2 py-2 text-right">{priceCell ? priceCell(l, i) : l.unit_price === null ? '—' : money(l.unit_price)}</td>
              <td className="py-2 pl-2 text-right font-medium">{l.line_total === null ? '—' : money(l.line_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {quote.total !== null && (
        <dl className="ml-auto mt-3 max-w-xs space-y-1 text-sm">
          <div className="flex justify-between"><dt>Subtotal</dt><dd>{money(quote.subtotal!)}</dd></div>
          <div className="flex justify-between"><dt>Shipping</dt><dd>{shippingLabel(quote.shipping_fee!)}</dd></div>
          <div className="flex justify-between text-slate-500"><dt>GST included (9%)</dt><dd>{money(quote.gst!)}</dd></div>
          <div className="flex justify-between border-t border-slate-200 pt-1 text-base font-semibold text-slate-900"><dt>Total</dt><dd data-testid="quote-total">{money(quote.total)}</dd></div>
        </dl>
      )}
    </div>
  );
}

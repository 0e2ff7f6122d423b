import { formatMoney } from '../../../shared/domain/money';
import { piecePriceLabel } from '../../../shared/domain/piece-price';
import { unitPriceFor } from '../../../shared/domain/pricing';
import { countOf, unitNoun } from '../../../shared/domain/product-options';
import type { ProductDetail } from '../../../shared/schemas/catalog.schema';

/** The chosen pack's total for the quantity, its unit and piece price, and its bulk price tiers. */
export function VariantPricing({ variant, quantity, soldOut }: { variant: ProductDetail['variants'][number] | undefined; quantity: number; soldOut: boolean }) {
  const packSize = variant?.attributes.pack_size ?? 1;
  const unitPrice = variant ? unitPriceFor(variant.price_tiers, quantity) : 0;
  // A variant without a price yet shows no total rather than $0.00 (the cart refuses it with its reason).
  const priced = unitPrice > 0;
  const piecePrice = piecePriceLabel(unitPrice, packSize);
  return (
    <>
      <div className="flex items-end justify-between border-t border-slate-200 pt-4">
        <div>
          <p className="text-sm text-slate-600">Total Price</p>
          <p className="text-2xl font-bold text-slate-900" data-testid="total-price">
            {variant && !soldOut && priced ? formatMoney(unitPrice * quantity) : '—'}
          </p>
          {variant && !soldOut && priced && (
            <p className="text-xs text-slate-500" data-testid="unit-price">
              {formatMoney(unitPrice)} per {unitNoun(packSize)} x {countOf(quantity, packSize)}
              {piecePrice && (
                <>
                  {' · '}
                  <span className="font-medium text-slate-700" data-testid="piece-price">
                    {piecePrice}
                  </span>
                </>
              )}
            </p>
          )}
          {!variant && <p className="text-xs text-slate-500">Choose a size and pack size to see the price</p>}
          {variant && !soldOut && !priced && <p className="text-xs text-slate-500">No price yet: ask us for a quote</p>}
        </div>
        {variant && variant.price_tiers.length > 1 && (
          <span className="rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">Bulk discounts available</span>
        )}
      </div>
      {variant && variant.price_tiers.length > 1 && (
        <ul className="grid grid-cols-2 gap-2 text-xs text-slate-600 sm:grid-cols-4" aria-label="Price tiers">
          {[...variant.price_tiers].reverse().map((t) => (
            <li key={t.min_quantity} className="rounded-lg bg-slate-50 px-2 py-1.5 text-center">
              {countOf(t.min_quantity, packSize)}+: <span className="font-semibold text-slate-800">{formatMoney(t.price)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

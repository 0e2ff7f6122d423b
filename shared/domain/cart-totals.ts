// One computation of the money in a cart, used for the cart answer and for the order itself.
// All amounts in cents. total = subtotal + shipping - discount (docs/spec/storefront.md section 9).
import type { Country } from '../constants';
import { gstIncludedIn } from './gst';
import { unitPriceFor } from './pricing';
import { shippingFeeFor, type ShippingRules } from './shipping';

export interface TotalsLine {
  quantity: number;
  weightGrams: number;
  /** Price tiers in cents. */
  tiers: readonly { min_quantity: number; price: number }[];
  /** A price staff quoted for this line (shared/domain/quotes.ts): charged instead of the tiers. */
  quotedUnitCents?: number;
}

interface PricedLine {
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface CartTotals {
  lines: PricedLine[];
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  gstCents: number;
  totalCents: number;
  totalWeightGrams: number;
  itemCount: number;
}

/**
 * Shipping is computed on the subtotal before the discount; the discount is then taken off, never
 * below zero. GST is the part of the total paid (prices include it).
 */
export function cartTotals(
  lines: readonly TotalsLine[],
  opts: { rules: ShippingRules; country: Country; discount: (subtotalCents: number) => number; quotedShippingCents?: number },
): CartTotals {
  const priced = lines.map((l) => {
    const unit = l.quotedUnitCents ?? unitPriceFor(l.tiers, l.quantity);
    return { unitPriceCents: unit, lineTotalCents: unit * l.quantity };
  });
  const subtotalCents = priced.reduce((s, l) => s + l.lineTotalCents, 0);
  const totalWeightGrams = lines.reduce((s, l) => s + l.weightGrams * l.quantity, 0);
  const shippingCents = opts.quotedShippingCents ?? shippingFeeFor(opts.rules, opts.country, subtotalCents, totalWeightGrams);
  const discountCents = Math.min(Math.max(0, opts.discount(subtotalCents)), subtotalCents);
  const totalCents = subtotalCents + shippingCents - discountCents;
  return {
    lines: priced,
    subtotalCents,
    shippingCents,
    discountCents,
    gstCents: gstIncludedIn(totalCents),
    totalCents,
    totalWeightGrams,
    itemCount: lines.reduce((s, l) => s + l.quantity, 0),
  };
}

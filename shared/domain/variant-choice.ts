// Which size and pack the product page opens with (issue 38, item 4): a choice with a single option
// is made for the shopper, so a product sold in one size and pack opens ready to add, never with
// "Total Price $0.00"; a link may name the variant to open with (?variant=<id>, from search).
import { distinctSizes, type PickableVariant } from './product-options';

export interface VariantChoice {
  size: string;
  variantId: string;
}

/** The only pack of a size, or '' when the size has several (or none). */
export function onlyPackOf(variants: readonly PickableVariant[], size: string): string {
  const packs = variants.filter((v) => v.attributes.size_code === size);
  return packs.length === 1 ? packs[0].variant_id : '';
}

/**
 * The size and pack to open with: the named variant when the product has it; else the only size
 * (when there is one) and its only pack (when there is one); else nothing chosen.
 */
export function initialChoice(variants: readonly PickableVariant[], wanted?: string | null): VariantChoice {
  const named = wanted ? variants.find((v) => v.variant_id === wanted) : undefined;
  if (named) return { size: named.attributes.size_code, variantId: named.variant_id };
  const sizes = distinctSizes(variants);
  if (sizes.length !== 1) return { size: '', variantId: '' };
  return { size: sizes[0], variantId: onlyPackOf(variants, sizes[0]) };
}

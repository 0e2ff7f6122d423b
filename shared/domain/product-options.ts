// Product detail choices (storefront.md sections 2, 4 and 5): size first, then pack size, then a
// quantity that stays a whole number between 1 and what is available.
import { isBubbleWrap } from './catalog-filter';

export interface PickableVariant {
  variant_id: string;
  attributes: { width_cm: number; height_cm: number; size_code: string; pack_size: number; type: string };
  available: number;
  on_hand: number;
}

/** "25 x 35 cm" style label key: distinct width by height values, smallest first. */
export function distinctSizes(variants: readonly PickableVariant[]): string[] {
  const seen = new Map<string, PickableVariant['attributes']>();
  for (const v of variants) if (!seen.has(v.attributes.size_code)) seen.set(v.attributes.size_code, v.attributes);
  return [...seen.values()].sort((a, b) => a.width_cm - b.width_cm || a.height_cm - b.height_cm).map((a) => a.size_code);
}

export const sizeLabel = (sizeCode: string): string => `${sizeCode.replace('x', ' x ')} cm`;

export interface PackOption {
  variantId: string;
  packSize: number;
  label: string;
  available: number;
}

export function packOptions(variants: readonly PickableVariant[], sizeCode: string, productType: string): PackOption[] {
  const unit = isBubbleWrap(productType) ? 'pieces' : 'pcs/pack';
  return variants
    .filter((v) => v.attributes.size_code === sizeCode)
    .sort((a, b) => a.attributes.pack_size - b.attributes.pack_size)
    .map((v) => ({
      variantId: v.variant_id,
      packSize: v.attributes.pack_size,
      available: v.available,
      label: `${v.attributes.pack_size} ${unit} ${v.available > 0 ? `(${v.available} available)` : '(Out of Stock)'}`,
    }));
}

/** Quantity rule: integer, at least 1, at most max (never below 1); anything non-numeric is 1. */
export function clampQuantity(raw: unknown, max: number): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? ''), 10);
  if (!Number.isFinite(n)) return 1;
  const whole = Math.floor(n);
  return Math.max(1, Math.min(whole, Math.max(1, max)));
}

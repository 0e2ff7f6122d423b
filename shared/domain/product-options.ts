// Product detail choices (docs/spec/storefront.md sections 2, 4 and 5): size first, then pack size, then a
// quantity that stays a whole number between 1 and what is available.
import { DEFAULT_PACK_SIZE } from '../constants';

import { isBubbleWrap } from './bubble-wrap';
import { compareSizeCodes } from './size-label';

export interface PickableVariant {
  variant_id: string;
  attributes: { width_cm: number; height_cm: number; size_code: string; pack_size: number; type: string };
  available: number;
  on_hand: number;
}

/** "25 x 35 cm" style label key: distinct width by height values, in size order (compareSizeCodes). */
export function distinctSizes(variants: readonly PickableVariant[]): string[] {
  const seen = new Set<string>();
  for (const v of variants) seen.add(v.attributes.size_code);
  return [...seen].sort(compareSizeCodes);
}

// Sizes as people write them, and their order: size-label.ts (the listing loads it without the rest).
export { compareSizeCodes, sizeLabel } from './size-label';

/**
 * What one unit of quantity is: a pack (of N pieces), or a single piece when the pack holds one.
 * The quantity a shopper picks is always a number of these, so prices and stock say so.
 */
export function unitNoun(packSize: number, count = 1): string {
  const noun = packSize === 1 ? 'piece' : 'pack';
  return count === 1 ? noun : `${noun}s`;
}

/** "12 packs", "1 pack", "3 pieces" */
export const countOf = (count: number, packSize: number): string => `${count} ${unitNoun(packSize, count)}`;

/** "50 pcs/pack"; bubble wrap "10 pieces per pack" or "1 piece" (spec: 'pieces' for bubble wrap). */
export function packLabel(packSize: number, productType: string): string {
  if (!isBubbleWrap(productType)) return `${packSize} pcs/pack`;
  return packSize === 1 ? '1 piece' : `${packSize} pieces per pack`;
}

export interface PackOption {
  variantId: string;
  packSize: number;
  label: string;
  available: number;
}

export function packOptions(variants: readonly PickableVariant[], sizeCode: string, productType: string): PackOption[] {
  return variants
    .filter((v) => v.attributes.size_code === sizeCode)
    .sort((a, b) => a.attributes.pack_size - b.attributes.pack_size)
    .map((v) => ({
      variantId: v.variant_id,
      packSize: v.attributes.pack_size,
      available: v.available,
      label: `${packLabel(v.attributes.pack_size, productType)} ${v.available > 0 ? `(${countOf(v.available, v.attributes.pack_size)} available)` : '(Out of Stock)'}`,
    }));
}

/** Quantity rule: integer, at least 1, at most max (never below 1); anything non-numeric is 1. */
export function clampQuantity(raw: unknown, max: number): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? ''), 10);
  if (!Number.isFinite(n)) return 1;
  const whole = Math.floor(n);
  return Math.max(1, Math.min(whole, Math.max(1, max)));
}

/** An order line keeps the variant's attributes as stored JSON; older lines may lack pack_size. */
export function packSizeOf(attributes: Record<string, unknown> | null | undefined): number {
  const n = Number(attributes?.pack_size);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_PACK_SIZE;
}

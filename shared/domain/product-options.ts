// Product detail choices (storefront.md sections 2, 4 and 5): size first, then pack size, then a
// quantity that stays a whole number between 1 and what is available.
import { BUBBLE_WRAP_TYPE, DEFAULT_PACK_SIZE } from '../constants';

export const isBubbleWrap = (type: string | null | undefined): boolean => (type ?? '').trim().toLowerCase() === BUBBLE_WRAP_TYPE;

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

// Rolls (tape, bubble wrap rolls) are stored in cm like mailers, but the trade writes them as
// width x length with the length in metres, and narrow widths (tape) in millimetres.
const ROLL_MIN_LENGTH_CM = 1000;
const trim = (n: number) => String(Math.round(n * 100) / 100);
const dimensionsOf = (sizeCode: string) => sizeCode.split('x').map(Number) as [number, number];
const isRoll = ([w, h]: [number, number]) => Number.isFinite(w) && h >= ROLL_MIN_LENGTH_CM;

/**
 * "25 x 35 cm" for mailers; rolls as width x length with the length in metres and the width in the
 * unit the trade uses for it: "48 mm x 100 m" tape, "50 cm x 100 m" a narrow roll, "1 m x 50 m" a
 * wide bubble wrap roll.
 */
export function sizeLabel(sizeCode: string): string {
  const [w, h] = dimensionsOf(sizeCode);
  if (!Number.isFinite(w) || !Number.isFinite(h)) return `${sizeCode} cm`;
  if (isRoll([w, h])) {
    const width = w < 10 ? `${trim(w * 10)} mm` : w < 100 ? `${trim(w)} cm` : `${trim(w / 100)} m`;
    return `${width} x ${trim(h / 100)} m`;
  }
  return `${trim(w)} x ${trim(h)} cm`;
}

/**
 * Size order as a shopper reads a list: mailers and sheets from small to large (width, then
 * height), then rolls by width and length, so a 48 mm tape is not listed before a 10 x 15 cm pouch.
 * Codes that are not sizes go last, alphabetically.
 */
export function compareSizeCodes(a: string, b: string): number {
  const [da, db] = [dimensionsOf(a), dimensionsOf(b)];
  const rank = (d: [number, number]) => (!Number.isFinite(d[0]) || !Number.isFinite(d[1]) ? 2 : isRoll(d) ? 1 : 0);
  return rank(da) - rank(db) || (rank(da) === 2 ? a.localeCompare(b) : da[0] - db[0] || da[1] - db[1]);
}

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

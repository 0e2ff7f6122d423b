// Reading an item's size out of a shopper's words: explicit measurements ("30 x 20 x 5 cm",
// "300x200 mm", "12 by 8 inches") or a typical item ("A4 documents", "a pair of jeans").
import { normaliseItem, type ItemDimensions } from '../../../../shared/domain/mailer-fit';

export interface ParsedItem {
  item: ItemDimensions;
  /** What the shopper described, for the reply ("a folded t-shirt", "30 x 20 x 5 cm"). */
  label: string;
  /** True when the depth was not given and a flat item was assumed. */
  assumedDepth: boolean;
}

/** A flat item's assumed thickness when only two measurements are given. */
export const ASSUMED_FLAT_DEPTH_CM = 1;
const MAX_CM = 500;

const NUM = String.raw`(\d+(?:[.,]\d+)?)`;
const UNIT = String.raw`\s*(mm|millimet(?:er|re)s?|cm|centimet(?:er|re)s?|inch(?:es)?|in(?=\s*$|[\s.,;!?)])|")?`;
const SEP = String.raw`\s*(?:x|×|\*|by)\s*`;
const DIMENSIONS = new RegExp(`${NUM}${UNIT}${SEP}${NUM}${UNIT}(?:${SEP}${NUM}${UNIT})?`, 'i');

function toCm(value: number, unit: string | undefined): number {
  const u = (unit ?? 'cm').toLowerCase();
  if (u.startsWith('mm') || u.startsWith('milli')) return value / 10;
  if (u.startsWith('in') || u === '"') return value * 2.54;
  return value;
}

const fmt = (n: number): string => String(Math.round(n * 10) / 10);

/** Explicit measurements; the last unit written applies to numbers written without one. */
export function parseMeasurements(text: string): ParsedItem | null {
  const m = DIMENSIONS.exec(text);
  if (!m) return null;
  const values = [m[1], m[3], m[5]].map((v) => (v === undefined ? undefined : Number(v.replace(',', '.'))));
  const units = [m[2], m[4], m[6]];
  const fallbackUnit = [...units].reverse().find(Boolean);
  const cm = values.flatMap((v, i) => (v === undefined ? [] : [toCm(v, units[i] ?? fallbackUnit)]));
  if (cm.some((v) => !(v > 0) || v > MAX_CM)) return null;
  const assumedDepth = cm.length === 2;
  if (assumedDepth) cm.push(ASSUMED_FLAT_DEPTH_CM);
  const shown = assumedDepth ? cm.slice(0, 2) : cm;
  return { item: normaliseItem(cm), label: `${shown.map(fmt).join(' x ')} cm`, assumedDepth };
}

interface TypicalItem {
  pattern: RegExp;
  label: string;
  /** Length, width, depth in cm, as usually folded or packed for posting. */
  dims: [number, number, number];
}

// Typical sizes as packed for posting (folded garments, documents in a sleeve), chosen to agree
// with the size guide on the FAQ page (shared/content/faq.ts). More specific
// phrases come first so "A4 folder" is not read as a book and "shoe box" not as shoes.
export const TYPICAL_ITEMS: readonly TypicalItem[] = [
  { pattern: /\bshoe ?box(es)?\b|\bbox(ed)? (of )?shoes\b/i, label: 'a shoe box', dims: [33, 20, 12] },
  { pattern: /\ba3\b/i, label: 'A3 documents', dims: [42, 29.7, 1] },
  { pattern: /\ba4\b|\bletter[- ]size\b/i, label: 'A4 documents', dims: [29.7, 21, 1] },
  { pattern: /\ba5\b/i, label: 'A5 documents', dims: [21, 14.8, 1] },
  { pattern: /\b(jeans|trousers|pants|denim)\b/i, label: 'a pair of folded jeans', dims: [30, 21, 4] },
  { pattern: /\b(jacket|coat|blazer)s?\b/i, label: 'a folded jacket', dims: [35, 25, 6] },
  { pattern: /\b(hoodie|hoody|sweatshirt|jumper)s?\b/i, label: 'a folded hoodie', dims: [32, 20, 5] },
  { pattern: /\b(sweater|cardigan)s?\b/i, label: 'a folded sweater', dims: [30, 25, 5] },
  { pattern: /\b(t-?shirt|tee|tshirt|top|blouse)s?\b/i, label: 'a folded t-shirt', dims: [25, 13, 2] },
  { pattern: /\b(shirt|polo)s?\b/i, label: 'a folded shirt', dims: [28, 22, 3] },
  { pattern: /\b(dress|gown|baju kurung)(es)?\b/i, label: 'a folded dress', dims: [28, 18, 3] },
  { pattern: /\b(skirt|shorts|leggings)s?\b/i, label: 'a folded skirt or shorts', dims: [25, 20, 2] },
  { pattern: /\b(shoes|sneakers|trainers|heels|sandals)\b/i, label: 'a pair of shoes (no box)', dims: [30, 12, 10] },
  { pattern: /\b(cap|hat|beanie)s?\b/i, label: 'a cap', dims: [25, 18, 12] },
  { pattern: /\b(handbag|tote|purse|backpack)s?\b/i, label: 'a handbag', dims: [30, 25, 10] },
  { pattern: /\bphone ?cases?\b|\bcasings?\b/i, label: 'a phone case', dims: [17, 9, 2] },
  { pattern: /\b(phone|smartphone|iphone)s?\b/i, label: 'a phone', dims: [16, 8, 1] },
  { pattern: /\b(ipad|tablet|kindle|e-?reader)s?\b/i, label: 'a tablet', dims: [25, 18, 1] },
  { pattern: /\blaptops?\b|\bmacbook\b/i, label: 'a 13-inch laptop', dims: [31, 22, 2] },
  { pattern: /\bhardcover\b|\bhardback\b/i, label: 'a hardcover book', dims: [24, 16, 3] },
  { pattern: /\b(book|novel|paperback|notebook|magazine|comic)s?\b/i, label: 'a paperback book', dims: [20, 13, 3] },
  { pattern: /\b(socks|underwear|bra|lingerie|swimsuit|bikini)s?\b/i, label: 'socks or underwear', dims: [20, 10, 3] },
  { pattern: /\b(scarf|scarves|tudung|hijab|shawl)s?\b/i, label: 'a folded scarf', dims: [20, 15, 2] },
  { pattern: /\b(baby clothes|onesie|romper)s?\b/i, label: 'baby clothes', dims: [20, 15, 2] },
  { pattern: /\b(skincare|cosmetics?|make-?up|lipstick|perfume|serum|bottle|candle)s?\b/i, label: 'a skincare bottle', dims: [15, 6, 6] },
  { pattern: /\b(wallet|card ?holder|sunglasses|glasses case)s?\b/i, label: 'a wallet', dims: [12, 10, 3] },
  { pattern: /\b(watch|jewell?ery|necklace|earrings?|bracelet|ring)s?\b/i, label: 'a small jewellery box', dims: [10, 10, 5] },
  { pattern: /\b(cd|dvd|vinyl|record)s?\b/i, label: 'a CD case', dims: [14, 12.5, 1] },
  { pattern: /\b(photo|print|poster|postcard|card|cards)s?\b/i, label: 'flat prints', dims: [20, 15, 1] },
];

export function matchTypicalItem(text: string): ParsedItem | null {
  const hit = TYPICAL_ITEMS.find((t) => t.pattern.test(text));
  return hit ? { item: normaliseItem(hit.dims), label: hit.label, assumedDepth: false } : null;
}

/** Measurements win over words: "a box of jeans 40 x 30 x 10 cm" is the box. */
export function parseItem(text: string): ParsedItem | null {
  return parseMeasurements(text) ?? matchTypicalItem(text);
}

/** "a 25x35 bag", "28 x 42 cm mailer": the shopper names a mailer size, not their item. */
export function parseMailerMention(text: string): { widthCm: number; heightCm: number } | null {
  const m = /(\d+(?:\.\d+)?)\s*(?:cm)?\s*[x×*]\s*(\d+(?:\.\d+)?)\s*(?:cm)?\s*(?:poly\s?)?(?:mailers?|bags?|envelopes?|polymailers?)\b/i.exec(text);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return { widthCm: Math.min(a, b), heightCm: Math.max(a, b) };
}

// Reading which product, size, pack and quantity a shopper means ("2 packs of pink 25x35, pack of 100").
import { sizeCode } from '../../../../../shared/domain/sku';
import type { ProductQuery } from '../shop-data';

export interface ParsedProductQuery extends ProductQuery {
  packSize?: number;
  quantity?: number;
  /** True when the words name a product at all (colour, kind or size). */
  specific: boolean;
}

const KINDS: [RegExp, Partial<ProductQuery>][] = [
  [/\bbubble ?(wrap )?pouch(es)?\b|\bbubble bags?\b/i, { nameContains: 'Bubble Wrap Pouch' }],
  [/\bbubble ?(wrap )?sheets?\b/i, { nameContains: 'Bubble Wrap Sheet' }],
  [/\bbubble ?(wrap )?rolls?\b/i, { nameContains: 'Bubble Wrap Roll' }],
  [/\bbubble/i, { type: 'bubble wrap' }],
  [/\btape\b/i, { nameContains: 'Tape' }],
  [/\blabels?\b/i, { nameContains: 'Label' }],
  [/\bstickers?\b/i, { nameContains: 'Sticker' }],
  [/\b(poly ?mailers?|mailers?|courier bags?|mailing bags?|bags?)\b/i, { category: 'polymailers' }],
];

export function parseProductQuery(text: string, knownColors: string[]): ParsedProductQuery {
  let rest = text.toLowerCase();
  const q: ParsedProductQuery = { specific: false };

  const size = /(\d+(?:\.\d+)?)\s*(?:cm)?\s*[x×*]\s*(\d+(?:\.\d+)?)\s*(?:cm)?/.exec(rest);
  if (size) {
    const [a, b] = [Number(size[1]), Number(size[2])];
    q.sizeCode = sizeCode(Math.min(a, b), Math.max(a, b));
    rest = rest.replace(size[0], ' ');
  }
  const pack = /\bpacks? of (\d+)\b|\b(\d+)\s*(?:pcs|pieces|pc)\b/.exec(rest);
  if (pack) {
    q.packSize = Number(pack[1] ?? pack[2]);
    rest = rest.replace(pack[0], ' ');
  }
  const qty = /\b(\d+)\s*(?:packs?|rolls?|units?|sets?|x)\b|\b(?:add|buy|order|purchase)\s+(\d+)\b/.exec(rest);
  if (qty) q.quantity = Math.min(10_000, Number(qty[1] ?? qty[2]));

  // Longest colour names first, so "baby blue" is not read as "blue".
  const colors = [...knownColors].sort((a, b) => b.length - a.length);
  const color = colors.find((c) => new RegExp(`\\b${c.replace(/[^a-z ]/gi, '')}\\b`, 'i').test(rest));
  if (color) q.colors = [color];
  if (/\bpremium|double seal|thick/i.test(rest)) q.type = 'premium';
  const kind = KINDS.find(([re]) => re.test(rest));
  if (kind) Object.assign(q, kind[1], q.type === 'premium' ? { type: 'premium' } : {});
  q.specific = Boolean(q.sizeCode || color || kind || q.type);
  return q;
}

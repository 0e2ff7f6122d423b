import { foldText } from './fold';

/** A size in centimetres, width by height, as variants keep it (widthCm, heightCm). */
interface SizeCm {
  w: number;
  h: number;
}

export interface SizeInQuery {
  /** What the size may mean, in cm: "25x35" with no unit is 25x35 cm or, as labels are sold, 25x35 mm. */
  meanings: SizeCm[];
  /** The words the size was written with, as they were (for the "Did you mean" text). */
  text: string;
}

const UNIT_CM: Record<string, number> = { mm: 0.1, cm: 1, m: 100, in: 2.54, inch: 2.54, inches: 2.54 };
const NUMBER = String.raw`(\d{1,5}(?:[.,]\d{1,2})?)`;
const UNIT = String.raw`\s*(mm|cm|m|inches|inch|in|")?`;
// 25x35, 25 x 35, 25*35, 25×35, 25 by 35, each number optionally with a unit.
const SIZE = new RegExp(String.raw`(?<![\w.-])${NUMBER}${UNIT}\s*(?:x|\*|×|by)\s*${NUMBER}${UNIT}(?![\w.-])`, 'giu');

const round = (n: number) => Math.round(n * 1000) / 1000;
const num = (s: string) => Number(s.replace(',', '.'));
const unitOf = (u: string | undefined) => (u === '"' ? 'in' : u?.toLowerCase());

/**
 * Finds sizes in a query: `25x35`, `25 x 35 cm`, `250x350mm`, `25 by 35`, `48mm x 100m`. A unit
 * written once, at the end, holds for both numbers. Answers the sizes and the query without them.
 */
export function extractSizes(query: string): { sizes: SizeInQuery[]; rest: string } {
  const sizes: SizeInQuery[] = [];
  const lowered = query.normalize('NFKC').toLowerCase();
  const rest = lowered.replace(SIZE, (text: string, a: string, ua: string | undefined, b: string, ub: string | undefined) => {
    const unitA = unitOf(ua);
    const unitB = unitOf(ub) ?? unitA;
    const w = num(a);
    const h = num(b);
    if (!(w > 0 && h > 0)) return text;
    const first = unitA ?? unitB;
    const meanings: SizeCm[] = first
      ? [{ w: round(w * UNIT_CM[first]), h: round(h * UNIT_CM[unitB ?? first]) }]
      : [
          { w, h },
          { w: round(w / 10), h: round(h / 10) },
        ];
    sizes.push({ meanings, text: text.trim() });
    return ' ';
  });
  return { sizes, rest: foldText(rest) === '' ? '' : rest };
}

/** True when a variant of this width and height is the size meant (either way round). */
export function sizeMatches(size: SizeInQuery, widthCm: number, heightCm: number): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) < 0.001;
  return size.meanings.some((m) => (near(m.w, widthCm) && near(m.h, heightCm)) || (near(m.h, widthCm) && near(m.w, heightCm)));
}

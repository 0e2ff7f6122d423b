// How sizes are written and listed (storefront filters, product page, documents). Its own module
// so the listing's first load carries only this, not the product page's choices (decision 0147).

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

// A value's JSON with holes (decision 0193): stringified once, then filled many times with small
// values, so an answer that differs from a cached one in a few fields (a company member's prices on the
// catalogue's cached, anonymous answer) costs the fields' JSON, not the whole answer's. The template
// holds only what the value it was made from holds; the fills are never kept.
import { randomBytes } from 'node:crypto';

// A marker no stored text can contain by chance: fresh random bytes per process.
const MARK = `__json_hole_${randomBytes(12).toString('hex')}_`;

export interface JsonTemplate {
  /** The JSON around the holes: one more part than there are holes. */
  readonly parts: readonly string[];
  /** Which hole each gap between two parts is (JSON.stringify meets them in its own order). */
  readonly order: readonly number[];
}

/**
 * The template of `value` with holes where `punch` puts `hole(i)` (i from 0, each once, in any
 * order): punch returns a copy of the value with the holes in place.
 */
export function jsonTemplate<T>(value: T, punch: (value: T, hole: (i: number) => unknown) => unknown): JsonTemplate {
  const order: number[] = [];
  const json = JSON.stringify(punch(value, (i) => `${MARK}${i}`));
  const parts: string[] = [];
  const re = new RegExp(`"${MARK}(\\d+)"`, 'g');
  let last = 0;
  for (let m = re.exec(json); m; m = re.exec(json)) {
    parts.push(json.slice(last, m.index));
    order.push(Number(m[1]));
    last = m.index + m[0].length;
  }
  parts.push(json.slice(last));
  return { parts, order };
}

/** The template's JSON with hole i holding fills[i]. */
export function fillJson(template: JsonTemplate, fills: readonly unknown[]): string {
  const { parts, order } = template;
  let out = parts[0];
  for (let k = 0; k < order.length; k++) out += JSON.stringify(fills[order[k]]) + parts[k + 1];
  return out;
}

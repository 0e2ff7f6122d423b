import { describe, expect, it } from 'vitest';
import { fillJson, jsonTemplate } from './json-template';

describe('jsonTemplate', () => {
  const page = { products: [{ id: 'a', name: 'He said "hi"\n', range: { min: 1, max: 2 } }, { id: 'b', name: '__json_hole_0', range: { min: 3, max: 3 } }], total: 2 };
  const punch = (p: typeof page, hole: (i: number) => unknown) => ({ ...p, products: p.products.map((x, i) => ({ ...x, range: hole(i) })) });

  it('filled with the value’s own fields is the value’s JSON', () => {
    const t = jsonTemplate(page, punch);
    expect(fillJson(t, page.products.map((p) => p.range))).toBe(JSON.stringify(page));
  });

  it('filled with other values is the JSON of the value with those in place, holes in any order', () => {
    const t = jsonTemplate(page, (p, hole) => ({ total: hole(1), products: p.products.map((x) => ({ ...x, range: hole(0) })) }));
    expect(JSON.parse(fillJson(t, [{ min: 9, max: 9 }, 7]))).toEqual({ total: 7, products: page.products.map((x) => ({ ...x, range: { min: 9, max: 9 } })) });
  });
});

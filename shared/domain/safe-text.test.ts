import { describe, expect, it } from 'vitest';
import { checkInput, findInputProblem, hasUnsafeText, jsonDepthExceeds, MAX_INPUT_DEPTH, MAX_INPUT_VALUES } from './safe-text';

describe('hasUnsafeText', () => {
  it('refuses NUL and lone surrogates, accepts ordinary and astral text', () => {
    expect(hasUnsafeText('a\u0000b')).toBe(true);
    expect(hasUnsafeText('\uD800')).toBe(true);
    expect(hasUnsafeText('x\uDC00')).toBe(true);
    expect(hasUnsafeText('\uDC00\uD800')).toBe(true);
    expect(hasUnsafeText('Mailer 25x35 — pink 📦 邮件袋')).toBe(false);
    expect(hasUnsafeText('')).toBe(false);
  });
});

describe('findInputProblem', () => {
  it('names the field of the first unsafe string, in values, arrays and keys', () => {
    expect(findInputProblem({ coupon_code: '\u0000' })).toEqual({ kind: 'unsafe-text', field: 'coupon_code' });
    expect(findInputProblem({ items: [{ sku: 'ok' }, { sku: 'a\uD83D' }] })).toEqual({ kind: 'unsafe-text', field: 'items.1.sku' });
    expect(findInputProblem({ ['k\u0000']: 1 })).toEqual({ kind: 'unsafe-text', field: 'k\u0000' });
    expect(findInputProblem('\u0000')).toEqual({ kind: 'unsafe-text', field: 'input' });
  });

  it('accepts ordinary input of every type', () => {
    expect(findInputProblem({ a: 1, b: [true, null, 'x'], c: { d: 'e' } })).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
  });

  it('refuses nesting past the limit without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(findInputProblem(deep)?.kind).toBe('too-deep');
    let ok: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = [ok];
    expect(findInputProblem(ok)).toBeNull();
  });

  // A 1 MB body holds 250,000 numbers; each costs the validators time, so past the limit the
  // input is refused whole, naming where, before any validator sees it (decision 0164).
  it('refuses more values than the limit, in arrays and objects, naming where', () => {
    const atLimit = { items: Array.from({ length: MAX_INPUT_VALUES - 1 }, () => 1) };
    expect(findInputProblem(atLimit)).toBeNull();
    expect(findInputProblem({ items: [...atLimit.items, 1] })).toEqual({ kind: 'too-many', field: 'items' });
    const wide = Object.fromEntries(Array.from({ length: MAX_INPUT_VALUES + 1 }, (_, i) => [`k${i}`, i]));
    expect(findInputProblem({ a: { b: wide } })).toEqual({ kind: 'too-many', field: 'a.b' });
    expect(() => checkInput({ lines: Array.from({ length: 250_000 }, () => 0) })).toThrow('lines holds too many values (at most 50,000 in one request)');
  });
});

describe('jsonDepthExceeds', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonDepthExceeds('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[["}', 2)).toBe(false);
    expect(jsonDepthExceeds('[[[1]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[1]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":'.repeat(5000) + '1' + '}'.repeat(5000))).toBe(true);
  });
});

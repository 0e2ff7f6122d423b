import { describe, expect, it } from 'vitest';
import { findInputProblem, hasUnsafeText, jsonDepthExceeds, MAX_INPUT_DEPTH } from './safe-text';

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

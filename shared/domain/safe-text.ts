// Text the shop stores or searches must be valid UTF-8 without NUL: PostgreSQL refuses both a NUL
// byte and a lone UTF-16 surrogate ("invalid byte sequence for encoding UTF8"), so such input is
// refused at the edge with a 400 naming the field instead of failing deep in a query.

import { AppError } from '../errors';

/** Deepest JSON nesting any input of ours needs (the chat's free-form context is the deepest, 3-4). */
export const MAX_INPUT_DEPTH = 32;

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- matching NUL is the point of this rule
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasUnsafeText = (s: string): boolean => UNSAFE.test(s);

/**
 * Most values (strings, numbers, keys' values, array elements...) any input of ours needs: a
 * product of 200 variants with 20 price tiers each is about 11,000. A 1 MB body can carry 500,000,
 * and every one of them costs the validators time (a zod issue each, when wrong); decision 0164.
 */
export const MAX_INPUT_VALUES = 50_000;

export type InputProblem = { kind: 'unsafe-text'; field: string } | { kind: 'too-deep'; field: string } | { kind: 'too-many'; field: string };

/**
 * Walks a parsed input (iteratively, so a hostile depth cannot overflow the stack) and returns the
 * first string (value or key) that cannot be stored, the first place nested deeper than allowed, or
 * that it holds more values than allowed. Linear in the input: a value's path is kept as its
 * parent's index and key, and spelled out only for the one value that is refused.
 */
export function findInputProblem(input: unknown, maxDepth = MAX_INPUT_DEPTH, maxValues = MAX_INPUT_VALUES): InputProblem | null {
  const values: unknown[] = [input];
  const parents: number[] = [-1];
  const keys: string[] = [''];
  const depths: number[] = [0];
  const pathOf = (index: number): string => {
    const parts: string[] = [];
    for (let i = index; i > 0; i = parents[i]) parts.push(keys[i]);
    return parts.reverse().join('.') || 'input';
  };
  const add = (value: unknown, parent: number, key: string) => {
    values.push(value);
    parents.push(parent);
    keys.push(key);
    depths.push(depths[parent] + 1);
  };
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value === 'string') {
      if (hasUnsafeText(value)) return { kind: 'unsafe-text', field: pathOf(i) };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depths[i] >= maxDepth) return { kind: 'too-deep', field: pathOf(i) };
    if (Array.isArray(value)) {
      if (values.length + value.length > maxValues + 1) return { kind: 'too-many', field: pathOf(i) };
      for (let j = 0; j < value.length; j++) add(value[j], i, String(j));
      continue;
    }
    const entries = Object.keys(value);
    if (values.length + entries.length > maxValues + 1) return { kind: 'too-many', field: pathOf(i) };
    for (const key of entries) {
      add((value as Record<string, unknown>)[key], i, key);
      if (hasUnsafeText(key)) return { kind: 'unsafe-text', field: pathOf(values.length - 1) };
    }
  }
  return null;
}

function inputProblemMessage(problem: InputProblem): string {
  if (problem.kind === 'unsafe-text') return `${problem.field} contains characters that are not allowed (a NUL byte or an invalid character)`;
  if (problem.kind === 'too-deep') return `${problem.field} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`;
  return `${problem.field} holds too many values (at most ${MAX_INPUT_VALUES.toLocaleString('en')} in one request)`;
}

/**
 * The one input check: the rule above first (a 400 naming the field), then the zod schema when one
 * is given, so that every door refuses the same input with the same sentence. The tRPC middleware
 * calls it without a schema (the procedure parses next); the REST paths that parse outside tRPC
 * (the door table, the PDF downloads) call it themselves.
 */
export function checkInput(raw: unknown): unknown;
export function checkInput<T>(raw: unknown, schema: { parse(value: unknown): T }): T;
export function checkInput<T>(raw: unknown, schema?: { parse(value: unknown): T }): unknown {
  const problem = findInputProblem(raw);
  if (problem) throw new AppError('BAD_REQUEST', inputProblemMessage(problem));
  return schema ? schema.parse(raw) : raw;
}

/**
 * Depth of a JSON text, counted over its brackets outside strings, without parsing it: a body
 * nested thousands deep is refused before JSON.parse and the validators ever see it.
 */
export function jsonDepthExceeds(text: string, maxDepth = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

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

export type InputProblem = { kind: 'unsafe-text'; field: string } | { kind: 'too-deep'; field: string };

/**
 * Walks a parsed input (iteratively, so a hostile depth cannot overflow the stack) and returns the
 * first string (value or key) that cannot be stored, or the first place nested deeper than allowed.
 */
export function findInputProblem(input: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: input, path: '', depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasUnsafeText(value)) return { kind: 'unsafe-text', field: path || 'input' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { kind: 'too-deep', field: path || 'input' };
    const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasUnsafeText(key)) return { kind: 'unsafe-text', field: childPath };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

function inputProblemMessage(problem: InputProblem): string {
  return problem.kind === 'unsafe-text'
    ? `${problem.field} contains characters that are not allowed (a NUL byte or an invalid character)`
    : `${problem.field} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`;
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

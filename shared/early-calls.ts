/**
 * A call a back-office page makes as it first renders, asked for by a small script in the page's
 * head while its code is still on the way (server/pages/early-calls.ts, decision 0208); the page
 * takes the answer instead of calling (src/lib/early-calls.ts).
 */
export interface EarlyCall {
  path: string;
  input?: unknown;
}

/** The id of the page's JSON list of early calls, read by the script in its head. */
export const EARLY_CALLS_ID = '__EARLY_CALLS__';

/**
 * One key for a call, whatever the order of its input's keys and with the keys JSON leaves out
 * (undefined) left out: the server's list and the pages' calls are written apart.
 */
export function callKey(path: string, input: unknown): string {
  return `${path} ${JSON.stringify(input ?? null, (_key, value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value))}`;
}

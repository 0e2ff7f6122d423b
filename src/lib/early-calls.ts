import { callKey, type EarlyCall } from '../../shared/early-calls';
import { getToken } from './session';

// The answers to the calls a back-office page's head asked for while its code was on the way
// (server/pages/early-calls.ts, decision 0208). The page's first call with the same path and input
// takes its answer instead of asking again; each answer is taken once, and only in the page's
// first seconds and by the session that asked, so a refetch, a call made later, or one after
// signing in as someone else always asks the server. A call that failed early (an expired session,
// a refused role) is made again as usual, to fail the usual way.

interface EarlyCalls {
  calls: EarlyCall[];
  /** The stored session they were asked for with. */
  token: string;
  answers: Promise<unknown[]>;
}

declare global {
  interface Window {
    __earlyCalls?: EarlyCalls;
  }
}

/** After this long since the page was opened an early answer is too old to show. */
const FRESH_FOR_MS = 10_000;
const taken = new Set<number>();

/** The early answer to this call, once; undefined when there is none to take. */
export function takeEarlyAnswer(path: string, input: unknown): Promise<unknown> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__earlyCalls;
  if (!early || performance.now() > FRESH_FOR_MS || early.token !== getToken()) return undefined;
  const key = callKey(path, input);
  const index = early.calls.findIndex((call, i) => !taken.has(i) && callKey(call.path, call.input) === key);
  if (index < 0) return undefined;
  taken.add(index);
  return early.answers.then((answers) => {
    const answer = answers[index] as { result?: { data?: unknown } } | undefined;
    if (!answer?.result || !('data' in answer.result)) throw new Error(`no early answer to ${path}`);
    return answer.result.data;
  });
}

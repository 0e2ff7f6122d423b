/** After this many failed attempts a message is marked failed; staff can still resend it. */
export const MAX_ATTEMPTS = 8;

const BASE_MS = 30_000;
const CAP_MS = 6 * 3600_000;

/**
 * Delay before the next attempt after `attempts` failures: 30 s, 1 min, 2 min, 4 min ... capped at
 * 6 h, so a mail server that is down for an afternoon is retried without being hammered.
 */
export function backoffMs(attempts: number): number {
  return Math.min(CAP_MS, BASE_MS * 2 ** Math.max(0, attempts - 1));
}

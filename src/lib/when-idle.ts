/**
 * Runs `run` once the browser is idle (at the latest after `timeoutMs`), for code a page does not
 * need to show itself but will soon (the toaster, tRPC's client). Returns a cancel function.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, Math.min(timeoutMs, 3000));
  return () => window.clearTimeout(timer);
}

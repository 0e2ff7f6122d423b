/**
 * One delivery pass at a time, for the e-mail and webhook senders: a call while a pass runs asks
 * for exactly one more after it (so nothing queued meanwhile waits for the next poll), never two
 * passes side by side. `current()` is the pass in progress, for a graceful stop to wait on.
 */
export function singlePass<T>(pass: () => Promise<T>, warn: (err: unknown) => void) {
  let running: Promise<T> | null = null;
  let again = false;
  function runOnce(): Promise<T> {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = null;
      if (again) {
        again = false;
        void runOnce().catch(warn);
      }
    });
    return running;
  }
  return { runOnce, current: () => running };
}

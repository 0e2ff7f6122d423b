/**
 * The one background worker (docs/decisions/0183-one-cache-one-worker-one-sync.md): the e-mail and
 * webhook senders, invoice numbering's catch-up and the timed clean-ups are each a `pass` run by
 * one of these. What the rows themselves guarantee (a claim with FOR UPDATE SKIP LOCKED and a
 * lease, an advisory lock, a conditional write) stays in each pass; this only decides when a pass
 * runs, in one instance:
 *
 * - On a timer: the first pass `firstAfterMs` after start (at once by default), then every
 *   `everyMs`; timers unref'd, so a worker never keeps the process alive.
 * - Woken: each `wakeOn` subscription (an after-commit signal) asks for a pass at once, so what a
 *   request queued leaves within a moment instead of at the next poll.
 * - One pass at a time: asked while a pass runs, it runs exactly one more after it (however many
 *   asked), so nothing queued meanwhile waits for the next poll, and never two side by side.
 * - A failed pass is logged with `onError`; the next poll or wake-up tries again (what failed
 *   inside a pass backs off by its own rows' next attempt, server/outbox/backoff.ts).
 * - A clean stop: no timer, no wake-up and no follow-up pass after `stop()`, which waits for the
 *   pass in progress; `stopping()` lets a long pass end after its current batch.
 */
export interface PollWorkerOptions<T> {
  pass: (stopping: () => boolean) => Promise<T>;
  everyMs: number;
  /** Delay of the first pass after start; 0 (the default) runs it at once, `everyMs` at the first tick. */
  firstAfterMs?: number;
  /** Subscriptions to signals that should wake the worker; each answers its unsubscribe. */
  wakeOn?: ((wake: () => void) => () => void)[];
  onError: (err: unknown) => void;
}

export interface PollWorker<T> {
  /** A pass now, or (while one runs) the one in progress, with exactly one more after it. */
  runOnce(): Promise<T>;
  /** What a wake-up does: a pass now or once more after the one in progress; nothing unless started. */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

export function pollWorker<T>(o: PollWorkerOptions<T>): PollWorker<T> {
  let running: Promise<T> | null = null;
  let again = false;
  let started = false;
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe: (() => void)[] = [];

  function runOnce(): Promise<T> {
    if (running) {
      again = true;
      return running;
    }
    running = o.pass(() => stopped).finally(() => {
      running = null;
      const follow = again && !stopped;
      again = false;
      if (follow) void runOnce().catch(o.onError);
    });
    return running;
  }

  function wake() {
    if (started) void runOnce().catch(o.onError);
  }

  return {
    runOnce,
    wake,
    start() {
      if (started) return;
      started = true;
      stopped = false;
      const first = o.firstAfterMs ?? 0;
      // A first delay as long as the interval is the interval's own first tick, not a second pass.
      if (first > 0 && first < o.everyMs) timers.push(setTimeout(wake, first));
      timers.push(setInterval(wake, o.everyMs));
      for (const t of timers) t.unref();
      unsubscribe = (o.wakeOn ?? []).map((subscribe) => subscribe(wake));
      if (first <= 0) wake();
    },
    async stop() {
      started = false;
      stopped = true;
      for (const t of timers.splice(0)) clearTimeout(t);
      for (const u of unsubscribe.splice(0)) u();
      await running?.catch(() => undefined);
    },
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollWorker } from './poll-worker';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

afterEach(() => vi.useRealTimers());

describe('pollWorker', () => {
  it('runs a pass at start, then every everyMs, and none after stop', async () => {
    vi.useFakeTimers();
    let passes = 0;
    const w = pollWorker({ pass: async () => void passes++, everyMs: 1_000, onError: () => undefined });
    w.start();
    await settle();
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(passes).toBe(4);
    await w.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes).toBe(4);
  });

  it('waits firstAfterMs for the first pass; a first delay of a whole interval is the first tick, not two passes', async () => {
    vi.useFakeTimers();
    let early = 0;
    let late = 0;
    const a = pollWorker({ pass: async () => void early++, firstAfterMs: 100, everyMs: 1_000, onError: () => undefined });
    const b = pollWorker({ pass: async () => void late++, firstAfterMs: 1_000, everyMs: 1_000, onError: () => undefined });
    a.start();
    b.start();
    await vi.advanceTimersByTimeAsync(99);
    expect([early, late]).toEqual([0, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect([early, late]).toEqual([1, 0]);
    await vi.advanceTimersByTimeAsync(900);
    expect([early, late]).toEqual([2, 1]);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('runs one pass at a time: wake-ups during a pass make exactly one more after it', async () => {
    const gates = [deferred(), deferred()];
    let passes = 0;
    let side = 0;
    let most = 0;
    let wakeUp!: () => void;
    const w = pollWorker({
      async pass() {
        most = Math.max(most, ++side);
        await gates[passes++]?.promise;
        side--;
      },
      everyMs: 60_000,
      wakeOn: [(wake) => ((wakeUp = wake), () => undefined)],
      onError: () => undefined,
    });
    w.start();
    for (let i = 0; i < 5; i++) wakeUp();
    gates[0]!.resolve();
    await vi.waitFor(() => expect(passes).toBe(2));
    gates[1]!.resolve();
    await settle();
    expect([passes, most]).toEqual([2, 1]);
    await w.stop();
  });

  it('is woken only while started, and unsubscribes at stop', async () => {
    const listeners = new Set<() => void>();
    const signal = (fn: () => void) => (listeners.add(fn), () => listeners.delete(fn));
    let passes = 0;
    const w = pollWorker({ pass: async () => void passes++, everyMs: 60_000, wakeOn: [signal], onError: () => undefined });
    w.wake();
    expect(passes).toBe(0);
    w.start();
    await settle();
    for (const l of listeners) l();
    await settle();
    expect(passes).toBe(2);
    await w.stop();
    expect(listeners.size).toBe(0);
    w.wake();
    await settle();
    expect(passes).toBe(2);
  });

  it('logs a failed pass and tries again at the next poll', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let passes = 0;
    const w = pollWorker({
      async pass() {
        if (++passes === 1) throw new Error('database away');
      },
      everyMs: 1_000,
      onError: (err) => errors.push(err),
    });
    w.start();
    await settle();
    expect(errors.map((e) => (e as Error).message)).toEqual(['database away']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect([passes, errors.length]).toEqual([2, 1]);
    await w.stop();
  });

  it('stop waits for the pass in progress, tells it to stop, and starts no follow-up', async () => {
    const gate = deferred();
    const seen: boolean[] = [];
    let passes = 0;
    const w = pollWorker({
      async pass(stopping) {
        passes++;
        await gate.promise;
        seen.push(stopping());
      },
      everyMs: 60_000,
      onError: () => undefined,
    });
    w.start();
    w.wake(); // asks for one more after the pass in progress
    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    await settle();
    expect([passes, seen]).toEqual([1, [true]]);
  });
});

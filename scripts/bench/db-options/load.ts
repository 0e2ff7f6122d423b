import { step } from './config';

// Concurrent load on a database alternative, and the figures it is reported in.

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
export const r2 = (x: number) => Math.round(x * 100) / 100;

/** Runs `total` operations over `clients` concurrent loops: latency p50/p99 (ms), ops/s, errors. */
export async function load(clients: number, total: number, op: (i: number) => Promise<void>) {
  step(`load ${clients} x ${total}`);
  const lat: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError: string | undefined;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < total; i = next++) {
        const s = performance.now();
        try {
          await op(i);
          lat.push(performance.now() - s);
        } catch (e) {
          errors++;
          firstError ??= (e as Error).message.split('\n').slice(-1)[0].slice(0, 160);
        }
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  return { p50: r2(pct(lat, 50)), p99: r2(pct(lat, 99)), perSec: Math.round(lat.length / secs), errors, firstError };
}

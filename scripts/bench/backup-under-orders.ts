// A backup taken while the shop takes orders (npm run bench, after the request paths): buyers place
// orders at a steady rate on the bench catalogue (5,000 products, 50,000 variants, a year of
// orders), `npm run db:backup` runs against the live shop meanwhile, and the orders answered while it
// ran are compared with those before it. Target (docs/architecture.md section 8): p99 under 1 s during the backup.
import { spawn } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchContext } from './paths';

const address = { fullName: 'Bench Buyer', phone: '91234567', addressLine1: '1 Bench Road', postalCode: '123456', city: 'Singapore', state: 'Singapore', country: 'SG' };
const json = { 'content-type': 'application/json' };

export interface BackupUnderOrdersOptions {
  /** The running shop's environment (DATA_DIR, DATABASE_URL), for the backup command. */
  env: NodeJS.ProcessEnv;
  /** Orders started per second, spread evenly (a busy shop's peak is far below this). */
  ordersPerSecond?: number;
  /** Buyers placing them (each order: one cart add, then the order). */
  buyers?: number;
  /** Seconds of orders before the backup starts, for the comparison (after 3 s not counted, while caches fill). */
  warmupSeconds?: number;
}

interface Sample {
  startedAt: number;
  ms: number;
  status: number;
}

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

function runBackup(env: NodeJS.ProcessEnv, outFile: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', 'scripts/db-backup.ts', '--out', outFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

export async function benchBackupUnderOrders(ctx: BenchContext, opts: BackupUnderOrdersOptions): Promise<string[]> {
  const rate = opts.ordersPerSecond ?? 10;
  const buyerCount = opts.buyers ?? 8;
  const settle = 3000;
  const warmup = (opts.warmupSeconds ?? 10) * 1000;
  const admin = { authorization: `Bearer ${ctx.adminToken}` };

  // One variant with stock for every order of the run.
  const rows = await ctx.api('GET', '/api/admin/inventory', undefined, admin);
  const variantId: string = rows[0].variant_id;
  await ctx.api('POST', '/api/admin/inventory/adjust', { variant_id: variantId, adjustment_type: 'change', on_hand_change: 1_000_000, reason: 'found', notes: 'bench: backup under orders' }, admin);
  const stamp = Date.now();
  const buyers: string[] = [];
  for (let i = 0; i < buyerCount; i++) {
    const reg = await ctx.api('POST', '/api/auth/register', { email: `bench-backup-${stamp}-${i}@example.com`, password: 'bench-backup-password', first_name: 'Backup', last_name: `Buyer ${i}` });
    buyers.push(reg.access_token);
  }

  const samples: Sample[] = [];
  let stop = false;
  let slot = performance.now();
  let seq = 0;
  const nextSlot = () => {
    slot += 1000 / rate;
    return slot;
  };
  const buyer = async (token: string) => {
    const auth = { ...json, authorization: `Bearer ${token}` };
    while (!stop) {
      const wait = nextSlot() - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (stop) return;
      const startedAt = performance.now();
      const add = await fetch(`${ctx.baseUrl}/api/cart/add`, { method: 'POST', headers: auth, body: JSON.stringify({ variant_id: variantId, quantity: 1 }) });
      await add.arrayBuffer();
      const res = await fetch(`${ctx.baseUrl}/api/orders`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': `bench-backup-${stamp}-${seq++}` },
        body: JSON.stringify({ shipping_address: address, payment_method: 'stripe' }),
      });
      await res.arrayBuffer();
      // The order as the buyer feels it: the cart add and the placement together.
      samples.push({ startedAt, ms: performance.now() - startedAt, status: add.ok ? res.status : add.status });
    }
  };
  const running = Promise.all(buyers.map(buyer));
  const countFrom = performance.now() + settle;

  await new Promise((r) => setTimeout(r, settle + warmup));
  const outFile = join(tmpdir(), `packshop-bench-backup-${stamp}.tar.gz`);
  const backupFrom = performance.now();
  const backup = await runBackup(opts.env, outFile);
  const backupTo = performance.now();
  await new Promise((r) => setTimeout(r, 1000));
  stop = true;
  await running;

  let size = 0;
  try {
    size = statSync(outFile).size;
  } finally {
    rmSync(outFile, { force: true });
  }
  const before = samples.filter((s) => s.startedAt >= countFrom && s.startedAt < backupFrom);
  const during = samples.filter((s) => s.startedAt >= backupFrom && s.startedAt <= backupTo);
  const failed = samples.filter((s) => s.status !== 200).length;
  const fmt = (xs: Sample[]) => {
    const ms = xs.map((s) => s.ms);
    return `${xs.length} orders, p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`;
  };
  const p99During = percentile(during.map((s) => s.ms), 99);
  return [
    `\nBackup while orders are placed (${rate} orders/s from ${buyerCount} buyers, each a cart add + the order):`,
    backup.code === 0
      ? `  npm run db:backup: ${((backupTo - backupFrom) / 1000).toFixed(1)} s, ${(size / 2 ** 20).toFixed(1)} MB`
      : `  npm run db:backup FAILED (exit ${backup.code}): ${backup.output.trim().split('\n').slice(-3).join(' / ')}`,
    `  before the backup: ${fmt(before)}`,
    `  during the backup: ${fmt(during)} (target p99 < 1000 ms: ${p99During < 1000 ? 'met' : 'MISSED'})`,
    `  answers other than 200: ${failed}`,
  ];
}

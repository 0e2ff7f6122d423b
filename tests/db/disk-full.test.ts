import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openPostgres, type Database } from '../../server/db/client';
import { EmbeddedPostgres } from '../../server/db/embedded/embedded-server';
import { isDiskFull } from '../../server/db/errors';
import { runMigrations } from '../../server/db/migrate';
import { createDeps, type AppDeps } from '../../server/deps';
import { diskSpace } from '../../server/lib/disk-space';
import { DISK_FULL_DETAIL, DISK_FULL_RETRY_AFTER_S, toHttpError } from '../../server/lib/http-error';
import { buildLogger, logger, setLogger } from '../../server/lib/log';
import { registry } from '../../server/lib/metrics';
import { LocalImageStorage } from '../../server/storage/image-storage';
import { createContextInner } from '../../server/trpc/context';
import { createCaller } from '../../server/trpc/root';
import { sgAddress } from '../factories/orders';
import { createVariant } from '../factories/shop';
import { createUser } from '../factories/users';
import { newId } from '../../server/db/ids';

// The embedded database on a small tmpfs that is then filled to the last byte (decision 0162):
// writes on both doors answer 503 with the shopper's sentence and Retry-After (never a 500), the log,
// /metrics and /api/ready name the cause; once the filler is deleted, writes succeed again and every
// order acknowledged before or during the full disk is there, also after a restart of the server.
// Needs root (mount); otherwise the test is skipped and says why.
const SIZE_MB = 160;
const root = mkdtempSync(join(tmpdir(), 'packshop-diskfull-'));
const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE_MB}m,mode=0755`, 'tmpfs', root], { encoding: 'utf8' });
const mounted = mount.status === 0;
const skipReason = mounted ? '' : `cannot mount a tmpfs here (${(mount.stderr || mount.error?.message || 'not root').trim()}): the full-disk test needs root`;
if (!mounted) rmSync(root, { recursive: true, force: true });
else chmodSync(root, 0o755);

let server: EmbeddedPostgres;
let database: Database;
let deps: AppDeps;
let http: Server;
let baseUrl = '';
const logLines: { level: number; msg: string; cause?: string; err?: unknown }[] = [];
const originalLogger = logger();

beforeAll(async () => {
  if (!mounted) return;
  // Error lines (the disk-full ones) are what this test expects: kept here instead of failing the test.
  setLogger(buildLogger('info', { write: (line: string) => void logLines.push(JSON.parse(line)) }));
  // Small WAL bounds so the tmpfs holds the cluster; fsync on, as in a shop.
  server = new EmbeddedPostgres({ dir: join(root, 'postgres'), settings: { min_wal_size: '32MB', max_wal_size: '48MB' } });
  await server.start();
  database = await openPostgres(server.url(), 4);
  await runMigrations(database.executor);
  deps = createDeps(database.db, new LocalImageStorage(join(root, 'uploads')));
  const app = createApp(deps);
  http = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  diskSpace.reset();
  diskSpace.start({ dirs: [{ dir: 'data', path: root }], databaseOnDataDisk: true, intervalMs: 3_600_000, lowBytes: 0 });
}, 120_000);

afterAll(async () => {
  diskSpace.reset();
  setLogger(originalLogger);
  if (!mounted) return;
  await new Promise((r) => (http ? http.close(r) : r(undefined)));
  await database?.close().catch(() => undefined);
  await server?.stop().catch(() => undefined);
  spawnSync('umount', ['-l', root]);
  rmSync(root, { recursive: true, force: true });
}, 60_000);

/** Writes a filler file until the filesystem refuses another byte; returns its path. */
function fillDisk(): string {
  const path = join(root, 'filler');
  const fd = openSync(path, 'w');
  try {
    for (const chunk of [Buffer.alloc(1024 * 1024, 1), Buffer.alloc(4096, 1), Buffer.alloc(1, 1)]) {
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

interface Placed {
  status: number;
  body: { id?: string; total?: number; detail?: string };
  retryAfter: string | null;
}

async function placeOverRest(token: string, key: string): Promise<Placed> {
  const res = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ shipping_address: sgAddress, payment_method: 'stripe' }),
  });
  const body = (await res.json()) as { id?: string; total?: number; detail?: string };
  return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
}

async function placeOverTrpc(token: string, key: string): Promise<Placed> {
  const res = await fetch(`${baseUrl}/trpc/orders.place`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ shipping_address: sgAddress, payment_method: 'stripe' }),
  });
  const json = (await res.json()) as { result?: { data: { id: string; total: number } }; error?: { detail?: string; message?: string } };
  return { status: res.status, body: json.result?.data ?? { detail: json.error?.detail }, retryAfter: res.headers.get('retry-after') };
}

/** A thrown error as plain data: what the unit test of the classifier copies (server/db/disk-full-errors.test.ts). */
function shape(err: unknown): unknown {
  const e = err as Record<string, unknown>;
  return { name: e?.name, code: e?.code, message: String(e?.message).slice(0, 300), meta: e?.meta, cause: e?.cause ? shape(e.cause) : undefined };
}

describe.skipIf(!mounted)('a full disk under the embedded database (tmpfs)', () => {
  it('answers writes 503 with Retry-After, names the cause, and loses nothing once space is freed', async () => {
    const { variantId } = await createVariant(database.db, { onHand: 10_000 });
    const shoppers = await Promise.all(Array.from({ length: 40 }, () => createUser(deps)));
    for (const s of shoppers) await createCaller(createContextInner({ deps, token: s.token })).cart.add({ variant_id: variantId, quantity: 1 });
    const acknowledged = new Map<string, number>();
    for (const s of shoppers.slice(0, 10)) {
      const r = await placeOverRest(s.token, `before-${s.token.slice(0, 24)}`);
      expect(r.status).toBe(200);
      acknowledged.set(r.body.id!, r.body.total!);
    }
    // A fresh WAL segment with recycled ones ahead: the writes below fail on a table that cannot
    // grow (53100), not on a WAL segment that cannot be created (which stops the server).
    await database.db.$executeRawUnsafe('CREATE TABLE disk_probe (t text)');
    await database.db.$executeRawUnsafe('CHECKPOINT');
    await database.db.$queryRawUnsafe('SELECT pg_switch_wal()::text');
    await database.db.$executeRawUnsafe('CHECKPOINT');

    const filler = fillDisk();
    const shapes: unknown[] = [];
    // A raw statement through Prisma (P2010) and a model write, each until the table needs a new page.
    let rawError: unknown = null;
    for (let i = 0; i < 50 && !rawError; i++) {
      await database.db.$executeRawUnsafe('INSERT INTO disk_probe SELECT md5(random()::text) FROM generate_series(1, 400)').catch((err: unknown) => (rawError = err));
    }
    let modelError: unknown = null;
    for (let i = 0; i < 200 && !modelError; i++) {
      await database.db.contactMessage
        .create({ data: { id: newId(), name: 'Probe', email: 'probe@example.com', message: randomBytes(900).toString('hex') } })
        .catch((err: unknown) => (modelError = err));
    }
    shapes.push(shape(rawError), shape(modelError));
    if (process.env.DISK_FULL_SHAPES) console.log(JSON.stringify(shapes, null, 2));
    for (const err of [rawError, modelError]) {
      expect(err, 'a write failed on the full disk').not.toBeNull();
      expect(isDiskFull(err), JSON.stringify(shape(err))).toBe(true);
      expect(toHttpError(err)).toEqual({ status: 503, detail: DISK_FULL_DETAIL, retryAfterS: DISK_FULL_RETRY_AFTER_S });
    }

    // Orders on both doors, alternating, until each door has answered a 503: never anything else.
    const refused: { door: string; status: number; detail?: string; retryAfter: string | null }[] = [];
    const waiting = shoppers.slice(10);
    let n = 0;
    for (const s of [...waiting]) {
      const door = n++ % 2 === 0 ? 'rest' : 'trpc';
      const r = door === 'rest' ? await placeOverRest(s.token, `full-${s.token.slice(0, 24)}`) : await placeOverTrpc(s.token, `full-${s.token.slice(0, 24)}`);
      if (r.status === 200) {
        acknowledged.set(r.body.id!, r.body.total!);
        waiting.splice(waiting.indexOf(s), 1);
      } else {
        refused.push({ door, status: r.status, detail: r.body.detail, retryAfter: r.retryAfter });
      }
      if (refused.some((x) => x.door === 'rest') && refused.some((x) => x.door === 'trpc')) break;
    }
    expect(refused.map((r) => r.door).sort()).toEqual(expect.arrayContaining(['rest', 'trpc']));
    for (const r of refused) expect(r).toEqual({ door: r.door, status: 503, detail: DISK_FULL_DETAIL, retryAfter: String(DISK_FULL_RETRY_AFTER_S) });

    // An image upload (a file the shop writes itself: ENOSPC) on the REST door.
    const admin = await createUser(deps, { role: 'admin' });
    const form = new FormData();
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const upload = await fetch(`${baseUrl}/api/admin/upload/images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin.token}` } });
    expect({ status: upload.status, body: await upload.json(), retryAfter: upload.headers.get('retry-after') }).toEqual({
      status: 503,
      body: { detail: DISK_FULL_DETAIL, request_id: expect.any(String) },
      retryAfter: String(DISK_FULL_RETRY_AFTER_S),
    });

    // The cause is named: the log, /metrics, /api/ready and the back office's state.
    expect(logLines.some((l) => l.level === 50 && l.cause === 'disk_full' && /disk full/.test(l.msg))).toBe(true);
    expect(logLines.filter((l) => l.level >= 50 && l.cause !== 'disk_full')).toEqual([]);
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/packshop_disk_full_errors_total\{source="database"\} [1-9]/);
    expect(metrics).toMatch(/packshop_disk_full_errors_total\{source="files"\} [1-9]/);
    expect(metrics).toMatch(/packshop_disk_full 1/);
    await diskSpace.check();
    expect(await registry.getSingleMetricAsString('packshop_disk_free_bytes')).toMatch(/packshop_disk_free_bytes\{dir="data"\} \d/);
    const ready = await fetch(`${baseUrl}/api/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { status: 'degraded', detail: expect.stringMatching(/Disk full/) } });
    const staff = await createUser(deps, { role: 'staff' });
    const state = await createCaller(createContextInner({ deps, token: staff.token })).admin.system.disk();
    expect(state.level).toBe('full');
    expect(state.message).toMatch(/disk is full/);
    expect(state.message).not.toContain(root);

    // Space freed: the state clears, the refused shoppers' orders go through, nothing is missing.
    rmSync(filler);
    await diskSpace.check();
    expect(diskSpace.status().level).toBe('ok');
    expect((await fetch(`${baseUrl}/api/ready`).then((r) => r.json())) as unknown).toEqual({ status: 'ready' });
    for (const [i, s] of waiting.slice(0, 6).entries()) {
      const r = i % 2 === 0 ? await placeOverRest(s.token, `after-${s.token.slice(0, 24)}`) : await placeOverTrpc(s.token, `after-${s.token.slice(0, 24)}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      acknowledged.set(r.body.id!, r.body.total!);
    }
    const expectedSum = [...acknowledged.values()].reduce((a, b) => a + b, 0);
    const check = async () => {
      const orders = await database.db.order.findMany({ select: { id: true, totalCents: true } });
      expect(orders.map((o) => o.id).sort()).toEqual([...acknowledged.keys()].sort());
      expect(orders.reduce((sum, o) => sum + o.totalCents, 0) / 100).toBeCloseTo(expectedSum, 6);
      const v = await database.db.variant.findUniqueOrThrow({ where: { id: variantId }, select: { allocated: true } });
      expect(v.allocated).toBe(acknowledged.size);
    };
    await check();
    // And after a restart (a checkpoint writes every page the full disk held back).
    await database.close();
    await server.stop();
    await server.start();
    database = await openPostgres(server.url(), 4);
    await check();
  }, 90_000);
});

if (!mounted) {
  describe('a full disk under the embedded database (tmpfs)', () => {
    // CI runs as root on a machine that can mount a tmpfs: there, not running this is a failure. A
    // laptop without root says why it was not run.
    if (process.env.CI) it('needs a tmpfs', () => expect.fail(skipReason));
    else it.skip(`skipped: ${skipReason}`, () => {});
  });
}

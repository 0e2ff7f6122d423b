import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import type { PoolClient } from 'pg';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openPostgres, type Database } from '../../server/db/client';
import { newPgClient } from '../../server/db/pg-client';
import { createPool, settleWithin } from '../../server/db/pool';
import { EmbeddedPostgres } from '../../server/db/embedded/embedded-server';
import { runMigrations } from '../../server/db/migrate';
import { createDeps, type AppDeps } from '../../server/deps';
import { buildLogger, logger, setLogger } from '../../server/lib/log';
import { LocalImageStorage } from '../../server/storage/image-storage';
import { sgAddress } from '../factories/orders';
import { createVariant } from '../factories/shop';
import { createUser } from '../factories/users';
import { ThrowawayPostgres } from './throwaway-postgres';

// The shop's database server dies (kill -9) or freezes (SIGSTOP) under order load, through the real
// HTTP app: the process must never get an unhandled error (a pg connection emitting 'error' with no
// listener ends a shop), every answer is a 2xx or a 503 with a detail (never a 500, never a hang),
// and the shop serves again once the server is back, with every pooled connection usable.

// Only a bound on a request that would otherwise hang the test; no answer here is expected to come near it.
const HANG_MS = 60_000;
const SHOPPERS = 6;

const uncaught: string[] = [];
const onUncaught = (err: unknown) => uncaught.push(String((err as Error)?.stack ?? err).slice(0, 500));

// The REST door logs each 503 with its cause, hundreds of lines here; the answers themselves are
// what this test checks. The lines of a 500 are kept to say what it was.
const testLogger = logger();
const errorLines: string[] = [];
const serverErrors = (status: number) => (status === 500 ? errorLines.filter((l) => !/"status":503|SERVICE_UNAVAILABLE/.test(l)).map((l) => l.slice(0, 1500)) : []);
beforeAll(() => {
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
  setLogger(buildLogger('error', { write: (line: string) => void errorLines.push(line) }));
});
afterAll(() => {
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
  setLogger(testLogger);
});

interface Shop {
  baseUrl: string;
  deps: AppDeps;
  close(): Promise<void>;
}

async function serveShop(database: Database, databaseAvailable?: () => boolean): Promise<Shop> {
  const uploads = mkdtempSync(join(tmpdir(), 'packshop-outage-uploads-'));
  const deps = createDeps(database.db, new LocalImageStorage(uploads), { rateLimitScale: 1000 });
  const app = createApp(deps, { databaseAvailable });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deps,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}

/** Shoppers adding to their carts, placing orders and browsing in a loop, every answer checked. */
class OrderLoad {
  placed = 0;
  unavailable = 0;
  readonly unexpected: string[] = [];
  private running = true;
  private readonly workers: Promise<void>[];

  constructor(
    private readonly baseUrl: string,
    readonly tokens: string[],
    private readonly variantId: string,
  ) {
    this.workers = tokens.map((token) => this.shop(token));
  }

  private async shop(token: string): Promise<void> {
    while (this.running) {
      const added = await this.call(token, 'POST', '/cart/add', { variant_id: this.variantId, quantity: 1 });
      if (added === 200) {
        const key = `outage-${randomBytes(8).toString('hex')}`;
        if ((await this.call(token, 'POST', '/orders', { shipping_address: sgAddress }, key)) === 200) this.placed++;
      }
      const browsed = await this.call(token, 'GET', '/products?limit=2');
      // A shopper told to come back waits a moment, as a browser would.
      if (added === 503 || browsed === 503) await sleep(100);
    }
  }

  /** One request; returns its status after checking it is a 2xx or a 503 with a detail. */
  async call(token: string, method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<number> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let status = 0;
    let text = '';
    try {
      const res = await fetch(`${this.baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(HANG_MS) });
      status = res.status;
      text = await res.text();
    } catch (err) {
      this.unexpected.push(`${method} ${path}: no answer (${String(err)})`);
      return 0;
    }
    if (status === 503) {
      this.unavailable++;
      const detail = (JSON.parse(text) as { detail?: unknown }).detail;
      if (typeof detail !== 'string' || !detail) this.unexpected.push(`${method} ${path}: 503 without a detail: ${text.slice(0, 200)}`);
    } else if (status < 200 || status > 299) {
      this.unexpected.push(`${method} ${path}: ${status} ${text.slice(0, 300)} ${serverErrors(status).join('\n')}`);
    }
    return status;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }
}

/** Waits (bounded) until `done()`; fails with `what` otherwise. */
async function until(what: string, done: () => boolean, attempts = 600): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (done()) return;
    await sleep(100);
  }
  throw new Error(`Gave up waiting: ${what}`);
}

/** Orders placed from now on: the shop serves. */
async function servesOrders(load: OrderLoad, count = SHOPPERS): Promise<void> {
  const before = load.placed;
  await until(`${count} orders placed`, () => load.placed >= before + count);
}

/** As many transactions as the pool holds (10) open at once: none of its connections was lost or left broken. */
async function everyPooledConnectionWorks(database: Database): Promise<void> {
  let open = 0;
  let allOpen: () => void = () => {};
  const barrier = new Promise<void>((resolve) => (allOpen = resolve));
  const held = await Promise.all(
    Array.from({ length: 10 }, () =>
      database.db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1 AS one`;
        if (++open === 10) allOpen();
        await barrier;
        return 1;
      }),
    ),
  );
  expect(held).toHaveLength(10);
}

async function startLoad(shop: Shop, database: Database): Promise<OrderLoad> {
  const { variantId } = await createVariant(database.db, { onHand: 1_000_000 });
  const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => createUser(shop.deps)));
  return new OrderLoad(
    shop.baseUrl,
    shoppers.map((s) => s.token),
    variantId,
  );
}

describe('the embedded server killed (kill -9) three times under order load, over HTTP', () => {
  let root: string;
  let server: EmbeddedPostgres;
  let database: Database;
  let shop: Shop;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'packshop-outage-'));
    chmodSync(root, 0o755);
    server = new EmbeddedPostgres({ dir: join(root, 'postgres'), settings: { fsync: 'off' } });
    await server.start();
    database = await openPostgres(server.url(), 10);
    await runMigrations(database.executor);
    shop = await serveShop(database, () => server.available);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await database?.close();
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('never crashes the process, answers 2xx or 503 with a detail, and serves again after each restart', async () => {
    const load = await startLoad(shop, database);
    try {
      for (let kill = 0; kill < 3; kill++) {
        await servesOrders(load);
        const states: string[] = [];
        const off = server.onStateChange((s) => states.push(s));
        process.kill(Number(readFileSync(join(root, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL');
        await until('the supervisor restarted the server', () => states.includes('restarting') && server.state === 'ready');
        off();
      }
      await servesOrders(load);
    } finally {
      await load.stop();
    }
    expect(uncaught).toEqual([]);
    expect(load.unexpected).toEqual([]);
    // The kills did land under load (the gate answers 503 while the server restarts).
    expect(load.unavailable).toBeGreaterThan(0);
    await everyPooledConnectionWorks(database);
  }, 120_000);
});

describe('a PostgreSQL server of its own (DATABASE_URL), killed and frozen under order load', () => {
  let pg: ThrowawayPostgres;
  let database: Database;
  let shop: Shop;
  beforeAll(async () => {
    pg = await ThrowawayPostgres.create();
    await pg.createDatabase('shop');
    // Lowered limits: a statement may run 1 s, a query may wait 1.5 s for an answer and a request 1.5 s for a connection.
    database = await openPostgres(pg.url('shop'), 10, { statementTimeoutMs: 1_000, queryTimeoutMs: 1_500, connectTimeoutMs: 1_500 });
    await runMigrations(database.executor);
    shop = await serveShop(database);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await database?.close();
    await pg?.stop();
  });

  it('a checked-out connection whose session ends while no query runs on it is no uncaught exception, and is not reused', async () => {
    // The core of the crash: pg-pool listens for a connection's errors only while it is idle, and a
    // server that ends a session with no query running (FATAL 57P01 at kill -9; here the
    // administrator's pg_terminate_backend) makes the connection emit 'error'.
    const pool = createPool(pg.url('shop'), 2);
    const admin = newPgClient(pg.url('shop'));
    await admin.connect();
    let conn: PoolClient | undefined;
    try {
      conn = await pool.connect();
      const pid = Number((await conn.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
      let ended = false;
      conn.once('end', () => (ended = true));
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      // Unheard, the error is thrown inside pg's socket handler, before the connection could end.
      await until('the connection ended (or an uncaught error)', () => ended || uncaught.length > 0);
      expect(uncaught).toEqual([]);
      await expect(conn.query('SELECT 1')).rejects.toThrow(/not queryable/);
      const again = Number((await pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
      expect(again).not.toBe(pid);
    } finally {
      await admin.end();
      try {
        conn?.release();
      } catch {
        // handed back already when it ended
      }
      await settleWithin(pool.end(), 5_000);
    }
  });

  it('survives kill -9 and a restart twice: 503 while it is down, serving again once it is back', async () => {
    const load = await startLoad(shop, database);
    try {
      for (let kill = 0; kill < 2; kill++) {
        await servesOrders(load);
        await pg.crash();
        const before = load.unavailable;
        await until('503s while the server is down', () => load.unavailable >= before + SHOPPERS);
        await pg.start();
      }
      await servesOrders(load);
    } finally {
      await load.stop();
    }
    expect(uncaught).toEqual([]);
    expect(load.unexpected).toEqual([]);
    await everyPooledConnectionWorks(database);
  }, 120_000);

  it('answers 503 while the server is frozen (SIGSTOP) past the timeouts, and serves again on SIGCONT', async () => {
    const load = await startLoad(shop, database);
    try {
      await servesOrders(load);
      pg.signal('SIGSTOP');
      try {
        const before = load.unavailable;
        // Every shopper is told to come back, rather than waiting for ever...
        await until('503s while the server is frozen', () => load.unavailable >= before + SHOPPERS);
        // ... and so is a shopper arriving now, on a pool whose connections were all closed or are stuck connecting.
        expect(await load.call(load.tokens[0], 'POST', '/orders', { shipping_address: sgAddress }, `outage-${randomBytes(8).toString('hex')}`)).toBe(503);
      } finally {
        pg.signal('SIGCONT');
      }
      await servesOrders(load);
    } finally {
      await load.stop();
    }
    expect(uncaught).toEqual([]);
    expect(load.unexpected).toEqual([]);
    await everyPooledConnectionWorks(database);
  }, 120_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

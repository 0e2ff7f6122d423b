import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/client';
import {
  BACKUP_EXTENSION,
  BackupDamagedError,
  createBackup,
  inspectTarget,
  readBackupManifest,
  restoreBackup,
  TargetNotEmptyError,
  verifyBackup,
  type BackupManifest,
  type RestoreOptions,
  type RestoreResult,
  type TargetState,
} from '../../server/backups/index';
import { createDeps, type AppDeps } from '../../server/deps';
import { DbImageStorage, LocalImageStorage } from '../../server/storage/image-storage';
import { createContextInner } from '../../server/trpc/context';
import { createCaller } from '../../server/trpc/root';
import { createVariant } from '../factories/shop';
import { createUser } from '../factories/users';
import { createPostgresDb } from '../setup/test-db';

const run = promisify(execFile);
const address = { fullName: 'Lim Wei', phone: '91234567', addressLine1: '2 Jurong West', postalCode: '640002', city: 'Singapore', state: 'Singapore', country: 'SG' as const };

// The local PostgreSQL server (15 on the dev machines and CI): restores must work on PostgreSQL 15+.
const pgAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const havePostgres = await reachable(pgAdminUrl);

/** A fresh empty database on the local PostgreSQL server, dropped by the returned function. */
async function freshPostgresDb(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `packshop_backup_${Date.now()}_${Math.random().toString(16).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: pgAdminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}

let source: Awaited<ReturnType<typeof createPostgresDb>>;
let deps: AppDeps;
let work: string;
let uploads: string;
let shoppers: Array<{ token: string; userId: string }>;
let variants: string[];

async function placeOrder(token: string, variantId: string, on: AppDeps = deps) {
  const caller = createCaller(createContextInner({ deps: on, token }));
  await caller.cart.add({ variant_id: variantId, quantity: 1 });
  return caller.orders.place({ shipping_address: address });
}

/** Facts a restored shop must agree with its source on, read through SQL. */
async function shopFacts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = async <T extends pg.QueryResultRow>(sql: string) => (await client.query<T>(sql)).rows;
    return {
      orders: await q<{ id: string; invoiceNumber: number | null; invoiceDue: boolean; totalCents: number }>(
        'SELECT id, "invoiceNumber", "invoiceDue", "totalCents" FROM "Order" ORDER BY "invoiceNumber", id',
      ),
      counter: (await q<{ value: number }>(`SELECT value FROM "Counter" WHERE name = 'invoice'`))[0]?.value ?? 0,
      // Per variant: what the allocation ledger adds up to against the allocated column.
      ledger: await q<{ id: string; allocated: number; ledger: number }>(
        `SELECT v.id, v.allocated, COALESCE(SUM(l.delta) FILTER (WHERE l.field = 'allocated'), 0)::int AS ledger
           FROM "Variant" v LEFT JOIN "InventoryLedger" l ON l."variantId" = v.id GROUP BY v.id ORDER BY v.id`,
      ),
      migrations: (await q<{ name: string }>('SELECT name FROM "_app_migrations" ORDER BY name')).map((r) => r.name),
      // Not in the dump: loading the order lines and gifts writes the reports' summary again.
      soldLines: await q<{ id: string }>('SELECT id, "orderId", at, quantity, "lineTotalCents", "productFirst", "variantFirst" FROM "SoldLine" ORDER BY id'),
      soldGifts: await q('SELECT "orderId", tier, at, "totalCents", gifts FROM "SoldGift" ORDER BY "orderId", tier'),
      countedLines: await q<{ id: string }>(`SELECT oi.id FROM "OrderItem" oi JOIN "Order" o ON o.id = oi."orderId" WHERE o.status <> 'cancelled' ORDER BY oi.id`),
    };
  } finally {
    await client.end();
  }
}

const EMPTY: TargetState = { tables: 0, tablesWithRows: [], foreignTables: [] };

/**
 * Numbers 1..counter without a gap. An order the snapshot caught between its commit and its
 * numbering has no number yet and is marked due: the restored shop numbers it first thing.
 */
function expectGapFree(orders: { invoiceNumber: number | null; invoiceDue: boolean }[], counter: number) {
  const numbers = orders.flatMap((o) => (o.invoiceNumber == null ? [] : [o.invoiceNumber]));
  expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  expect(counter).toBe(numbers.length);
  expect(orders.filter((o) => o.invoiceNumber == null && !o.invoiceDue)).toEqual([]);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'packshop-backup-test-'));
  uploads = join(work, 'uploads');
  source = await createPostgresDb(10);
  deps = createDeps(source.db, new LocalImageStorage(uploads));
  variants = [];
  for (let i = 0; i < 3; i++) variants.push((await createVariant(source.db, { onHand: 1_000 })).variantId);
  shoppers = [];
  for (let i = 0; i < 4; i++) {
    const s = await createUser(deps);
    shoppers.push({ token: s.token, userId: s.user.id });
  }
  // Images of the disk store, in folders as the shop keeps them.
  mkdirSync(join(uploads, 'products'), { recursive: true });
  writeFileSync(join(uploads, 'products', 'a.webp'), Buffer.from('RIFF-a-image-bytes'));
  writeFileSync(join(uploads, 'products', 'b.webp'), Buffer.alloc(70_000, 7));
  // And one in the database image store.
  await new DbImageStorage(source.db).save('products/db-only.webp', Buffer.from('db image'));
  for (let i = 0; i < 4; i++) await placeOrder(shoppers[i].token, variants[i % 3]);
}, 120_000);

afterAll(async () => {
  await source?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a backup taken while orders are placed', () => {
  let file: string;
  let manifest: BackupManifest;
  const acknowledgedBefore: string[] = [];

  it('holds every order acknowledged before it began, in one consistent snapshot', async () => {
    acknowledgedBefore.push(...(await source.db.order.findMany({ select: { id: true } })).map((o) => o.id));
    // Four shoppers keep ordering while the backup runs.
    let stop = false;
    const placed: string[] = [];
    const load = shoppers.map(async (s, i) => {
      for (let n = 0; !stop && n < 30; n++) placed.push((await placeOrder(s.token, variants[(i + n) % 3])).id);
    });
    while (placed.length < 4) await new Promise((r) => setTimeout(r, 20));
    acknowledgedBefore.push(...placed);
    let snapshotTaken = false;
    const result = await createBackup({
      database: source,
      uploadsDir: uploads,
      outFile: join(work, 'backups', 'during-orders.tar.gz'),
      onSnapshot: () => {
        snapshotTaken = true;
      },
    });
    stop = true;
    await Promise.all(load);
    file = result.file;
    manifest = result.manifest;
    expect(snapshotTaken).toBe(true);
    expect(file.endsWith(BACKUP_EXTENSION)).toBe(true);
    expect(result.bytes).toBe(statSync(file).size);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(manifest).toMatchObject({ format: 1, databaseKind: 'postgres', schemaVersion: expect.stringMatching(/^\d{4}_/), images: { count: 2, bytes: 70_018 } });
    expect(manifest.rowCounts._app_migrations).toBeGreaterThan(0);
    expect(manifest.rowCounts.Order).toBeGreaterThanOrEqual(acknowledgedBefore.length);
    expect(manifest.rowCounts.StoredImage).toBe(1);
    // No temporary files are left beside it.
    expect(spawnSync('ls', [join(work, 'backups')], { encoding: 'utf8' }).stdout.trim()).toBe('during-orders.tar.gz');
    expect(await readBackupManifest(file)).toEqual(manifest);
    expect(await verifyBackup(file)).toEqual(manifest);
  });

  it('restores into an empty database: every acknowledged order, gap-free invoices, ledger = allocated, sessions that still sign in', async () => {
    const target = await createPostgresDb(10, { empty: true });
    const restoredUploads = join(work, 'restored-uploads');
    try {
      expect(await inspectTarget(target.url)).toEqual(EMPTY);
      const result: RestoreResult = await restoreBackup({ file, database: target, images: { kind: 'disk', dir: restoredUploads } });
      expect(result.rowCounts).toEqual(manifest.rowCounts);
      expect(result.images).toBe(2);
      expect(readFileSync(join(restoredUploads, 'products', 'b.webp'))).toEqual(Buffer.alloc(70_000, 7));

      const facts = await shopFacts(target.url);
      const ids = new Set(facts.orders.map((o) => o.id));
      for (const id of acknowledgedBefore) expect(ids.has(id)).toBe(true);
      expect(facts.orders).toHaveLength(manifest.rowCounts.Order);
      expectGapFree(facts.orders, facts.counter);
      for (const v of facts.ledger) expect(v.ledger).toBe(v.allocated);
      expect(facts.migrations).toEqual((await shopFacts(source.url)).migrations);
      expect(await new DbImageStorage(target.db).read('products/db-only.webp')).toMatchObject({ bytes: Buffer.from('db image') });

      // The restored shop carries on: the same sign-in places the next order with the next invoice number.
      const restoredDeps = createDeps(target.db, new LocalImageStorage(restoredUploads));
      const next = await placeOrder(shoppers[0].token, variants[0], restoredDeps);
      const nextInvoice = (await target.db.order.findUniqueOrThrow({ where: { id: next.id }, select: { invoiceNumber: true } })).invoiceNumber;
      // Due orders first (numbered by the next order's numbering step), then this one.
      expect(nextInvoice).toBe(facts.counter + facts.orders.filter((o) => o.invoiceDue).length + 1);
    } finally {
      await target.close();
    }
  });

  it('refuses a database that holds data, and changes nothing in it', async () => {
    const before = await shopFacts(source.url);
    await expect(restoreBackup({ file, database: source, images: { kind: 'disk', dir: join(work, 'unused') } })).rejects.toBeInstanceOf(TargetNotEmptyError);
    expect(await shopFacts(source.url)).toEqual(before);
  });

  it("refuses a database with tables that are not a shop's, even empty ones, and leaves them alone", async () => {
    const target = await createPostgresDb(2, { empty: true });
    try {
      await target.db.$executeRawUnsafe('CREATE TABLE someone_elses (id int)');
      expect(await inspectTarget(target.url)).toEqual({ tables: 1, tablesWithRows: [], foreignTables: ['someone_elses'] });
      await expect(restoreBackup({ file, database: target, images: { kind: 'disk', dir: join(work, 'unused') } })).rejects.toThrow(/not a PackShop database's \(e\.g\. someone_elses\)/);
      expect((await inspectTarget(target.url)).tables).toBe(1);
    } finally {
      await target.close();
    }
  });

  it('refuses a truncated or corrupted file, naming the damage, and leaves the target empty', async () => {
    const bytes = readFileSync(file);
    const truncated = join(work, 'truncated.tar.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length * 0.6)] ^= 0xff;
    const corrupted = join(work, 'corrupted.tar.gz');
    writeFileSync(corrupted, flipped);
    const notBackup = join(work, 'not-a-backup.tar.gz');
    writeFileSync(notBackup, 'hello');

    for (const bad of [truncated, corrupted, notBackup]) await expect(verifyBackup(bad)).rejects.toBeInstanceOf(BackupDamagedError);
    await expect(verifyBackup(truncated)).rejects.toThrow(/ends early/);

    const target = await createPostgresDb(2, { empty: true });
    try {
      const into = (bad: string): RestoreOptions => ({ file: bad, database: target, images: { kind: 'disk', dir: join(work, 'never') } });
      for (const bad of [truncated, corrupted]) await expect(restoreBackup(into(bad))).rejects.toBeInstanceOf(BackupDamagedError);
      expect(await inspectTarget(target.url)).toEqual(EMPTY);
      expect(() => statSync(join(work, 'never'))).toThrow();
    } finally {
      await target.close();
    }
  });

  it('refuses a file whose row counts disagree with its manifest', async () => {
    const tampered = join(work, 'tampered.tar.gz');
    await rewriteManifest(file, tampered, (m) => ({ ...m, rowCounts: { ...m.rowCounts, Order: m.rowCounts.Order + 1 } }));
    await expect(verifyBackup(tampered)).rejects.toThrow(/table Order has \d+ rows, the manifest says \d+/);
  });

  it.skipIf(!havePostgres)('restores into an empty PostgreSQL database, and its dump.sql restores with psql alone', async () => {
    const viaRestore = await freshPostgresDb();
    const viaPsql = await freshPostgresDb();
    try {
      const database = await openPostgres(viaRestore.url, 2);
      try {
        const result = await restoreBackup({ file, database, images: { kind: 'db' } });
        expect(result.rowCounts).toEqual(manifest.rowCounts);
        // Images of the disk store land in the database image store.
        expect(await new DbImageStorage(database.db).read('products/a.webp')).toMatchObject({ bytes: Buffer.from('RIFF-a-image-bytes') });
      } finally {
        await database.close();
      }
      const restored = await shopFacts(viaRestore.url);
      expectGapFree(restored.orders, restored.counter);
      expect(restored.soldLines.length).toBeGreaterThan(0);
      expect(restored.soldLines.map((r) => r.id)).toEqual(restored.countedLines.map((r) => r.id));

      // By hand, as the README says: tar + psql.
      const dir = join(work, 'by-hand');
      mkdirSync(dir, { recursive: true });
      await run('tar', ['-xzf', file, '-C', dir]);
      await run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', viaPsql.url, '-f', join(dir, 'dump.sql')]);
      const byHand = await shopFacts(viaPsql.url);
      expect(byHand).toEqual(restored);
      const counts = await new pg.Pool({ connectionString: viaPsql.url, max: 1 });
      try {
        for (const [table, rows] of Object.entries(manifest.rowCounts)) {
          expect([table, (await counts.query(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0].n]).toEqual([table, rows]);
        }
      } finally {
        await counts.end();
      }
    } finally {
      await viaRestore.drop();
      await viaPsql.drop();
    }
  });
});

describe('the command-line tools', () => {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const cli = (script: string, args: string[], env: Record<string, string>) =>
    spawnSync(tsx, [join('scripts', script), ...args], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env } });

  let backupFile: string;

  it('npm run db:backup writes one file from DATABASE_URL', () => {
    backupFile = join(work, 'cli', 'shop.tar.gz');
    const out = cli('db-backup.ts', ['--out', backupFile], { DATABASE_URL: source.url, DATA_DIR: work });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/Wrote .*shop\.tar\.gz/);
    expect(statSync(backupFile).size).toBeGreaterThan(0);
  });

  it('npm run db:restore refuses a truncated file with exit 1 and creates nothing in DATA_DIR', () => {
    const truncated = join(work, 'cli-truncated.tar.gz');
    writeFileSync(truncated, readFileSync(backupFile).subarray(0, 2_000));
    const dataDir = join(work, 'fresh-data-dir');
    const out = cli('db-restore.ts', [truncated], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/Refusing to restore: .* damaged or incomplete \(the file ends early\)[\s\S]*Nothing was changed/);
    expect(() => statSync(dataDir)).toThrow();
  });

  it('npm run db:restore fills an empty database, then refuses it as not empty unless --force, which backs it up first', async () => {
    const target = await createPostgresDb(2, { empty: true });
    const dataDir = join(work, 'cli-restore');
    try {
      const env = { DATABASE_URL: target.url, DATA_DIR: dataDir, IMAGE_STORE: 'disk' };
      const first = cli('db-restore.ts', [backupFile], env);
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/every table's row count matches the backup/);
      expect(readFileSync(join(dataDir, 'uploads', 'products', 'a.webp'), 'utf8')).toBe('RIFF-a-image-bytes');
      const orders = await target.db.order.count();

      const again = cli('db-restore.ts', [backupFile], env);
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/is not empty[\s\S]*--force[\s\S]*Nothing was changed/);
      expect(await target.db.order.count()).toBe(orders);

      const forced = cli('db-restore.ts', [backupFile, '--force'], env);
      expect(forced.stderr).toBe('');
      expect(forced.status).toBe(0);
      const safety = forced.stdout.match(/Wrote (\S+before-restore-\S+\.tar\.gz)/)?.[1];
      expect(safety).toBeTruthy();
      expect((await verifyBackup(safety!)).rowCounts.Order).toBe(orders);
      expect(await target.db.order.count()).toBe(orders);
    } finally {
      await target.close();
    }
  });
});

/** Writes a copy of a backup with its manifest changed (and everything else as it was). */
async function rewriteManifest(from: string, to: string, change: (m: BackupManifest) => BackupManifest): Promise<void> {
  const dir = mkdtempSync(join(work, 'rewrite-'));
  await run('tar', ['-xzf', from, '-C', dir]);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(change(manifest)));
  await run('tar', ['-czf', to, '-C', dir, 'manifest.json', 'dump.sql', 'images']);
}


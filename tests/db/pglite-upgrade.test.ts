import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PrismaClient } from '@prisma/client';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFromPglite, pendingPgliteDir, upgradeDataDirFromPglite } from '../../server/db/embedded/pglite-upgrade';
import { readMigrations, runMigrations, type SqlExecutor } from '../../server/db/migrate';
import { createDeps } from '../../server/deps';
import { LocalImageStorage } from '../../server/storage/image-storage';
import { createContextInner } from '../../server/trpc/context';
import { createCaller } from '../../server/trpc/root';
import { createVariant } from '../factories/shop';
import { createUser } from '../factories/users';
import { createPostgresDb } from '../setup/test-db';
import { newId } from '../../server/db/ids';

// A DATA_DIR written by a release that ran PGlite 0.3 in-process: an account, an order with its
// invoice number, a stored image and a webhook event (a sequence). After the upgrade the new
// server holds every row, the customer signs in with the same password, and the old directory is
// kept under another name.
let dataDir: string;
const snapshot: { counts: Record<string, number>; email: string; password: string; invoiceNumber: number | null; imageBytes: Buffer; seq: string } = {
  counts: {},
  email: '',
  password: '',
  invoiceNumber: null,
  imageBytes: Buffer.alloc(0),
  seq: '',
};

const address = { fullName: 'Lim Wei', phone: '91234567', addressLine1: '2 Jurong West', postalCode: '640002', city: 'Singapore', state: 'Singapore', country: 'SG' as const };

const executorOf = (pglite: PGlite): SqlExecutor => ({
  withConnection: (fn) =>
    fn({
      query: async (sql, params) => (await pglite.query(sql, params)).rows as Record<string, unknown>[],
      exec: async (sql) => {
        await pglite.exec(sql);
      },
    }),
});

/** Every row of `from` into the tables `to` has, in the columns `to` has (COPY in text form), and the sequences' positions. */
async function copyRows(from: PGlite, to: PGlite) {
  const columns = async (db: PGlite) =>
    (await db.query<{ t: string; c: string }>(`SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_app_migrations' ORDER BY ordinal_position`)).rows;
  const have = new Set((await columns(from)).map((r) => `${r.t}.${r.c}`));
  const byTable = new Map<string, string[]>();
  for (const r of await columns(to)) if (have.has(`${r.t}.${r.c}`)) byTable.set(r.t, [...(byTable.get(r.t) ?? []), `"${r.c}"`]);
  await to.exec(`SET session_replication_role = replica`);
  for (const [table, cols] of byTable) {
    const out = await from.query(`COPY (SELECT ${cols.join(', ')} FROM "${table}") TO '/dev/blob'`);
    if (out.blob && out.blob.size > 0) await to.query(`COPY "${table}" (${cols.join(', ')}) FROM '/dev/blob'`, [], { blob: out.blob });
  }
  await to.exec(`SET session_replication_role = DEFAULT`);
  const seqs = (await from.query<{ name: string; v: string | null }>(`SELECT sequencename AS name, last_value::text AS v FROM pg_sequences WHERE schemaname = 'public'`)).rows;
  for (const q of seqs) if (q.v !== null) await to.query(`SELECT setval('"' || $1 || '"', $2::bigint) FROM pg_sequences WHERE schemaname = 'public' AND sequencename = $1`, [q.name, q.v]);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'packshop-upgrade-'));
  mkdirSync(join(dataDir, 'pglite'));
  // A release from before search (migration 0020): no pg_trgm or unaccent in that directory, so
  // the upgrade has to bring them itself when it migrates the old database. Today's code cannot
  // write to that old schema (it reads columns added since), so the rows are made by today's code on
  // a fully migrated scratch database and copied into the old one, column by column where the old
  // table has the column (as the old release would have written them).
  const current = new PGlite({ extensions: { pg_trgm, unaccent } });
  await runMigrations(executorOf(current), readMigrations());
  // pglite-prisma-adapter 0.6 is typed against an older driver-adapter-utils; same runtime contract.
  const db = new PrismaClient({ adapter: new PrismaPGlite(current) as never });
  const deps = createDeps(db, new LocalImageStorage(join(dataDir, 'uploads')));
  const { variantId } = await createVariant(db, { onHand: 50 });
  const shopper = await createUser(deps, { email: 'repeat.buyer@example.com' });
  const caller = createCaller(createContextInner({ deps, token: shopper.token, idempotencyKey: `upgrade-${'k'.repeat(24)}` }));
  await caller.cart.add({ variant_id: variantId, quantity: 3 });
  const order = await caller.orders.place({ shipping_address: address });
  await current.query(`INSERT INTO "StoredImage" (name, "contentType", bytes, etag, size) VALUES ('abc.png', 'image/png', decode('89504e47000102ff', 'hex'), '"x"', 8)`);
  for (const id of ['msg_1', 'msg_2']) await db.webhookEvent.create({ data: { id, type: 'order.created', resourceKey: `order:${order.id}`, payload: '{}' } });
  snapshot.invoiceNumber = (await db.order.findUniqueOrThrow({ where: { id: order.id }, select: { invoiceNumber: true } })).invoiceNumber;
  await db.$disconnect();

  const pglite = new PGlite(join(dataDir, 'pglite'));
  await runMigrations(executorOf(pglite), readMigrations().filter((m) => m.name < '0020'));
  await copyRows(current, pglite);
  await current.close();
  const tables = (await pglite.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_app_migrations'`)).rows;
  for (const t of tables) snapshot.counts[t.name] = (await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${t.name}"`)).rows[0].n;
  snapshot.email = shopper.email;
  snapshot.password = shopper.password;
  snapshot.imageBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
  snapshot.seq = (await pglite.query<{ v: string }>(`SELECT coalesce(last_value, 0)::text AS v FROM pg_sequences WHERE schemaname = 'public' LIMIT 1`)).rows[0]?.v ?? '';
  await pglite.close();
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('upgrading a DATA_DIR written by PGlite', () => {
  it('copies every row into the new server, keeps sign-in and invoice numbers, and keeps the old directory', async () => {
    expect(snapshot.counts.Order).toBe(1);
    const target = await createPostgresDb(10, { empty: true });
    const logs: string[] = [];
    const result = await upgradeDataDirFromPglite(dataDir, { ...target, kind: 'embedded' }, (m) => logs.push(m));
    // Every old row, plus what the later migrations filled in on the way (the search index of the product).
    const added = await target.executor.withConnection((c) => c.query(`SELECT (SELECT count(*) FROM "ProductSearch")::int + (SELECT count(*) FROM "SearchWord")::int AS n`));
    expect(snapshot.counts.ProductSearch).toBeUndefined();
    expect(Number(added[0].n)).toBeGreaterThan(0);
    expect(result?.rows).toBe(Object.values(snapshot.counts).reduce((a, b) => a + b, 0) + Number(added[0].n));
    expect(result?.keptAs).toBe(join(dataDir, 'pglite.pre-upgrade'));
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    expect(pendingPgliteDir(dataDir)).toBeUndefined();
    expect(logs.join('\n')).toContain('The old directory is now');

    for (const [table, n] of Object.entries(snapshot.counts)) {
      const rows = await target.executor.withConnection((c) => c.query(`SELECT count(*)::int AS n FROM "${table}"`));
      // Setting also holds the marker the copy writes in its own transaction.
      expect({ table, n: Number(rows[0].n) }).toEqual({ table, n: table === 'Setting' ? n + 1 : n });
    }
    const order = await target.db.order.findFirstOrThrow();
    expect(order.invoiceNumber).toBe(snapshot.invoiceNumber);
    const image = await target.db.storedImage.findUniqueOrThrow({ where: { name: 'abc.png' } });
    expect(Buffer.from(image.bytes)).toEqual(snapshot.imageBytes);
    expect(snapshot.seq).toBe('2');
    {
      const seq = await target.executor.withConnection((c) => c.query(`SELECT coalesce(last_value, 0)::text AS v FROM pg_sequences WHERE schemaname = 'public' LIMIT 1`));
      expect(seq[0].v).toBe(snapshot.seq);
    }

    // The customer signs in on the new server with the password set before the upgrade.
    const deps = createDeps(target.db, new LocalImageStorage(join(dataDir, 'uploads')));
    const login = await createCaller(createContextInner({ deps })).auth.login({ email: snapshot.email, password: snapshot.password });
    expect(login.user.email).toBe(snapshot.email);

    // A start that stopped between the copy's commit and the rename only renames.
    const again = await copyFromPglite(join(dataDir, 'pglite.pre-upgrade'), target.executor);
    expect(again.alreadyCopied).toBe(true);
    expect(await target.db.order.count()).toBe(1);
    await target.close();
  }, 120_000);

  it('refuses to overwrite a new database that already has users, and leaves the old directory where it is', async () => {
    const dir = join(dataDir, 'pglite.pre-upgrade');
    const target = await createPostgresDb(10, { empty: true });
    await runMigrations(target.executor);
    await target.db.user.create({ data: { id: newId(), email: 'new@example.com', passwordHash: 'x', firstName: 'N', lastName: 'U', displayName: 'N U', role: 'customer' } });
    await expect(copyFromPglite(dir, target.executor)).rejects.toThrow(/already has users or orders/);
    expect(existsSync(dir)).toBe(true);
    expect(await target.db.order.count()).toBe(0);
    await target.close();
  }, 120_000);
});

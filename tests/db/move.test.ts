import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/client';
import { TargetNotEmptyError } from '../../server/backups/index';
import { moveDatabase } from '../../server/backups/move';
import { createDeps } from '../../server/deps';
import { DbImageStorage, LocalImageStorage } from '../../server/storage/image-storage';
import { createContextInner } from '../../server/trpc/context';
import { createCaller } from '../../server/trpc/root';
import { createCoupon, createVariant } from '../factories/shop';
import { createUser } from '../factories/users';
import { createPostgresDb } from '../setup/test-db';

// The move's target is the local PostgreSQL server (15 on the dev machines and CI).
const pgAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const probe = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 2_000 });
const havePostgres = await probe.connect().then(
  () => true,
  () => false,
);
await probe.end().catch(() => undefined);

const address = { fullName: 'Lim Wei', phone: '91234567', addressLine1: '2 Jurong West', postalCode: '640002', city: 'Singapore', state: 'Singapore', country: 'SG' as const };
const targetName = `packshop_move_${Date.now()}`;
const targetUrl = (() => {
  const url = new URL(pgAdminUrl);
  url.pathname = `/${targetName}`;
  return url.toString();
})();
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: pgAdminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'packshop-move-test-'));
});
afterAll(async () => {
  if (havePostgres) await admin(`DROP DATABASE IF EXISTS "${targetName}" WITH (FORCE)`);
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!havePostgres)('moving a shop to PostgreSQL', () => {
  it('copies everything, checks the money, and the shop on PostgreSQL signs in, takes an order and serves the images', async () => {
    const source = await createPostgresDb(10);
    const uploads = join(work, 'uploads');
    try {
      const deps = createDeps(source.db, new LocalImageStorage(uploads));
      const v = await createVariant(source.db, { onHand: 50 });
      const shopper = await createUser(deps, { email: 'mover@example.com' });
      const coupon = await createCoupon(source.db, { type: 'fixed', value: 300 });
      const caller = createCaller(createContextInner({ deps, token: shopper.token }));
      await caller.cart.add({ variant_id: v.variantId, quantity: 3 });
      await caller.cart.applyCoupon({ coupon_code: coupon.code });
      const placed = await caller.orders.place({ shipping_address: address });
      mkdirSync(join(uploads, 'products'), { recursive: true });
      writeFileSync(join(uploads, 'products', 'moved.webp'), Buffer.from('moved image bytes'));

      await admin(`CREATE DATABASE "${targetName}"`);
      const result = await moveDatabase({ source, uploadsDir: uploads, targetUrl, backupFile: join(work, 'backups', 'before-move.tar.gz') });
      expect(result.images).toBe(1);
      expect(result.money['Order.totalCents']).toBe(String((await source.db.order.aggregate({ _sum: { totalCents: true } }))._sum.totalCents));
      expect(result.money['CouponRedemption.discountCents']).toBe('300');

      // A second move into the same, now filled, database is refused.
      await expect(moveDatabase({ source, uploadsDir: uploads, targetUrl, backupFile: join(work, 'backups', 'again.tar.gz') })).rejects.toBeInstanceOf(TargetNotEmptyError);

      const target = await openPostgres(targetUrl, 4);
      try {
        const storage = new DbImageStorage(target.db);
        const onPostgres = createDeps(target.db, storage);
        const signIn = await createCaller(createContextInner({ deps: onPostgres })).auth.login({ email: shopper.email, password: shopper.password });
        const again = createCaller(createContextInner({ deps: onPostgres, token: signIn.access_token }));
        const before = await target.db.order.findUniqueOrThrow({ where: { id: placed.id }, select: { invoiceNumber: true, totalCents: true } });
        await again.cart.add({ variant_id: v.variantId, quantity: 1 });
        const next = await again.orders.place({ shipping_address: address });
        const after = await target.db.order.findUniqueOrThrow({ where: { id: next.id }, select: { invoiceNumber: true } });
        expect(after.invoiceNumber).toBe(before.invoiceNumber! + 1);
        expect((await storage.read('products/moved.webp'))?.bytes.toString()).toBe('moved image bytes');
        expect(await target.db.couponRedemption.count()).toBe(1);
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  });
});

describe('npm run db:move', () => {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const cli = (args: string[], env: Record<string, string>) =>
    spawnSync(tsx, [join('scripts', 'db-move.ts'), ...args], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'development', ...env } });

  it('refuses without a target, on a shop already on PostgreSQL, and on a DATA_DIR with no shop, changing nothing', () => {
    expect(cli([], {}).status).toBe(1);
    const onPostgres = cli(['--to', 'postgres://root@127.0.0.1:5432/x'], { DATABASE_URL: 'postgres://root@127.0.0.1:5432/y', DATA_DIR: join(work, 'a') });
    expect(onPostgres.status).toBe(1);
    expect(onPostgres.stderr).toMatch(/Refusing to move: this shop already runs on PostgreSQL[\s\S]*Nothing was changed/);
    const empty = cli(['--to', 'postgres://root@127.0.0.1:5432/x'], { DATABASE_URL: '', DATA_DIR: join(work, 'no-shop') });
    expect(empty.status).toBe(1);
    expect(empty.stderr).toMatch(/there is no embedded database/);
  });
});

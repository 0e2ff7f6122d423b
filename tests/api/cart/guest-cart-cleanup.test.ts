import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../../../server/db/client';
import { newId } from '../../../server/db/ids';
import { GUEST_CART_CLEANUP_LOCK_KEY, removeAbandonedGuestCarts, startGuestCartCleanup } from '../../../server/services/cart/guest-cart-cleanup';
import { createGiftTier, createVariant, guestId } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Guest carts untouched for GUEST_CART_DAYS are removed with their lines and gifts, in batches, by
// one instance at a time (decision 0163); nothing else is.

const DAY = 24 * 60 * 60_000;
const now = new Date();
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY).toISOString();

let t: TestApp;
let variantId: string;
let otherVariantId: string;
let tier: Awaited<ReturnType<typeof createGiftTier>>;
beforeAll(async () => {
  t = await createTestApp();
  variantId = (await createVariant(t.db)).variantId;
  otherVariantId = (await createVariant(t.db)).variantId;
  tier = await createGiftTier(t.db, { thresholdCents: 1 });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.cart.deleteMany({});
});

/** A cart written `at` (its row), with two lines and a gift, each written when given. */
async function seedCart(opts: { at: string; userId?: string; lineAt?: string; giftAt?: string }): Promise<string> {
  const id = newId();
  const owner = opts.userId ? { userId: opts.userId } : { guestId: guestId() };
  await t.db.$executeRaw`INSERT INTO "Cart" ("id", "userId", "guestId", "createdAt", "updatedAt")
    VALUES (${id}, ${owner.userId ?? null}, ${'guestId' in owner ? owner.guestId : null}, ${opts.at}::timestamp, ${opts.at}::timestamp)`;
  await t.db.$executeRaw`INSERT INTO "CartItem" ("id", "cartId", "variantId", "quantity", "createdAt", "updatedAt")
    VALUES (${newId()}, ${id}, ${variantId}, 1, ${opts.at}::timestamp, ${opts.at}::timestamp),
           (${newId()}, ${id}, ${otherVariantId}, 2, ${opts.at}::timestamp, ${opts.lineAt ?? opts.at}::timestamp)`;
  await t.db.$executeRaw`INSERT INTO "CartGift" ("id", "cartId", "giftItemId", "tierId", "createdAt")
    VALUES (${newId()}, ${id}, ${tier.giftIds[0]}, ${tier.tierId}, ${opts.giftAt ?? opts.at}::timestamp)`;
  return id;
}

/** Many old guest carts with a line each, in one statement. */
async function seedManyOld(count: number) {
  await t.db.$executeRaw`INSERT INTO "Cart" ("id", "guestId", "createdAt", "updatedAt")
    SELECT 'old-' || n, 'guest_0_' || md5(n::text), ${daysAgo(40)}::timestamp, ${daysAgo(40)}::timestamp FROM generate_series(1, ${count}) AS n`;
  await t.db.$executeRaw`INSERT INTO "CartItem" ("id", "cartId", "variantId", "quantity", "createdAt", "updatedAt")
    SELECT 'old-line-' || n, 'old-' || n, ${variantId}, 1, ${daysAgo(40)}::timestamp, ${daysAgo(40)}::timestamp FROM generate_series(1, ${count}) AS n`;
}

const left = async (ids: string[]) => ({
  carts: await t.db.cart.count({ where: { id: { in: ids } } }),
  lines: await t.db.cartItem.count({ where: { cartId: { in: ids } } }),
  gifts: await t.db.cartGift.count({ where: { cartId: { in: ids } } }),
});

/** A connection of its own, as another instance or a shopper's transaction has. */
async function connect() {
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  return client;
}

describe('guest cart cleanup', () => {
  it('removes guest carts untouched for the set days, in batches, with their lines and gifts; keeps the rest', async () => {
    const old = [];
    for (let i = 0; i < 5; i++) old.push(await seedCart({ at: daysAgo(31 + i) }));
    const buyer = await createUser(t.deps);
    const kept = {
      fresh: await seedCart({ at: daysAgo(1) }),
      justUnderTheDays: await seedCart({ at: daysAgo(29) }),
      usersOld: await seedCart({ at: daysAgo(400), userId: buyer.user.id }),
      lineChangedLately: await seedCart({ at: daysAgo(90), lineAt: daysAgo(2) }),
      giftPickedLately: await seedCart({ at: daysAgo(90), giftAt: daysAgo(2) }),
    };
    // A shopper's transaction holding an old cart (a gift pick locks its cart): skipped, never waited for.
    const shopper = await connect();
    const busy = await seedCart({ at: daysAgo(60) });
    try {
      await shopper.query('BEGIN');
      await shopper.query('SELECT 1 FROM "Cart" WHERE "id" = $1 FOR UPDATE', [busy]);
      const run = await removeAbandonedGuestCarts(t.database.executor, { days: 30, now, batch: 2 });
      expect(run).toEqual({ removed: 5, batches: 3 });
    } finally {
      await shopper.query('ROLLBACK').catch(() => undefined);
      await shopper.end();
    }
    expect(await left(old)).toEqual({ carts: 0, lines: 0, gifts: 0 });
    expect(await left(Object.values(kept))).toEqual({ carts: 5, lines: 10, gifts: 5 });
    expect(await left([busy])).toEqual({ carts: 1, lines: 2, gifts: 1 });

    // The next run takes the one that was busy; a shorter setting takes more.
    expect(await removeAbandonedGuestCarts(t.database.executor, { days: 30, now })).toEqual({ removed: 1, batches: 1 });
    expect(await removeAbandonedGuestCarts(t.database.executor, { days: 30, now })).toEqual({ removed: 0, batches: 0 });
    expect(await removeAbandonedGuestCarts(t.database.executor, { days: 20, now })).toEqual({ removed: 1, batches: 1 });
    expect(await left([kept.justUnderTheDays])).toEqual({ carts: 0, lines: 0, gifts: 0 });
    expect(await t.db.cart.count({ where: { id: kept.usersOld } })).toBe(1);
  });

  it('skips the run while another instance holds the cleanup lock', async () => {
    await seedManyOld(3);
    const other = await connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [GUEST_CART_CLEANUP_LOCK_KEY]);
      expect(await removeAbandonedGuestCarts(t.database.executor, { days: 30, now })).toBeNull();
      expect(await t.db.cart.count()).toBe(3);
    } finally {
      await other.end();
    }
    expect(await removeAbandonedGuestCarts(t.database.executor, { days: 30, now })).toEqual({ removed: 3, batches: 1 });
  });

  it('two instances running it at once: one does the work, the other skips or finds nothing, neither fails', async () => {
    await seedManyOld(1200);
    const second = await openPostgres(t.database.url, 2);
    try {
      const runs = await Promise.all([t.database.executor, second.executor].map((executor) => removeAbandonedGuestCarts(executor, { days: 30, now, batch: 100 })));
      const worked = runs.filter((r) => r && r.removed > 0);
      expect(worked).toHaveLength(1);
      expect(worked[0]).toEqual({ removed: 1200, batches: 12 });
      expect(await t.db.cart.count()).toBe(0);
      expect(await t.db.cartItem.count()).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('runs in the background after its start delay and stops when asked', async () => {
    await seedManyOld(2);
    const fresh = await seedCart({ at: new Date().toISOString() });
    const job = startGuestCartCleanup(t.database.executor, { days: 30, startDelayMs: 0 });
    try {
      await vi.waitFor(async () => expect(await t.db.cart.count()).toBe(1), { timeout: 20_000, interval: 100 });
      expect(await t.db.cart.count({ where: { id: fresh } })).toBe(1);
    } finally {
      await job.stop();
    }
  });
});

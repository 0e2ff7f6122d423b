import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client';
import { createDeps } from '../../server/deps';
import { LocalImageStorage } from '../../server/storage/image-storage';
import { createContextInner } from '../../server/trpc/context';
import { createCaller } from '../../server/trpc/root';
import { createVariant } from '../factories/shop';
import { createUser } from '../factories/users';
import { createPostgresDb } from '../setup/test-db';

// Two app instances = two PrismaClients with their own pools on one PostgreSQL database.
let a: Awaited<ReturnType<typeof createPostgresDb>>;
let b: Database;
beforeAll(async () => {
  a = await createPostgresDb(10);
  b = await openPostgres(a.url, 10);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const address = { fullName: 'Lim Wei', phone: '91234567', addressLine1: '2 Jurong West', postalCode: '640002', city: 'Singapore', state: 'Singapore', country: 'SG' as const };

describe('order race on PostgreSQL with two app instances', () => {
  it('20 concurrent orders for 5 units: exactly 5 succeed and available ends at 0', async () => {
    const storage = new LocalImageStorage('/tmp/packshop-race-uploads');
    const depsA = createDeps(a.db, storage);
    const depsB = createDeps(b.db, storage);
    const v = await createVariant(a.db, { onHand: 7, safetyStock: 2 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createUser(depsA)));
    for (const s of shoppers) await createCaller(createContextInner({ deps: depsA, token: s.token })).cart.add({ variant_id: v.variantId, quantity: 1 });

    const results = await Promise.allSettled(
      shoppers.map((s, i) => createCaller(createContextInner({ deps: i % 2 ? depsB : depsA, token: s.token })).orders.place({ shipping_address: address })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    for (const f of failed) expect(f.reason).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/out of stock|only \d+ left/) });
    const after = await a.db.variant.findUniqueOrThrow({ where: { id: v.variantId } });
    expect(after.allocated).toBe(5);
    expect(after.onHand - after.allocated - after.safetyStock).toBe(0);
    expect(await a.db.inventoryLedger.count({ where: { variantId: v.variantId, reason: 'order_placed' } })).toBe(5);
  });

  it('the same idempotency key on both instances at once makes one order', async () => {
    const storage = new LocalImageStorage('/tmp/packshop-race-uploads');
    const depsA = createDeps(a.db, storage);
    const depsB = createDeps(b.db, storage);
    const v = await createVariant(a.db, { onHand: 10 });
    const s = await createUser(depsA);
    await createCaller(createContextInner({ deps: depsA, token: s.token })).cart.add({ variant_id: v.variantId, quantity: 2 });
    const [x, y] = await Promise.all(
      [depsA, depsB].map((deps) => createCaller(createContextInner({ deps, token: s.token, idempotencyKey: 'pg-same-key-1' })).orders.place({ shipping_address: address })),
    );
    expect(x.id).toBe(y.id);
    expect(await a.db.order.count({ where: { userId: s.user.id } })).toBe(1);
    expect((await a.db.variant.findUniqueOrThrow({ where: { id: v.variantId } })).allocated).toBe(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client';
import { createDeps } from '../../server/deps';
import { LocalImageStorage } from '../../server/storage/image-storage';
import { createContextInner } from '../../server/trpc/context';
import { createCaller } from '../../server/trpc/root';
import { createVariant } from '../factories/shop';
import { createUser } from '../factories/users';
import { createPostgresDb } from '../setup/test-db';

// A stock adjustment is one SQL statement (lock, update, ledger row). Two app instances = two
// PrismaClients with their own pools on one PostgreSQL database, as in order-race.test.ts.
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

describe('packing adjustments on PostgreSQL with two app instances', () => {
  const storage = new LocalImageStorage('/tmp/packshop-race-uploads');

  it('40 concurrent +1 clicks all count, and the ledger chain is unbroken', async () => {
    const depsA = createDeps(a.db, storage);
    const depsB = createDeps(b.db, storage);
    const staff = await createUser(depsA, { role: 'staff' });
    const v = await createVariant(a.db, { onHand: 100 });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        createCaller(createContextInner({ deps: i % 2 ? depsB : depsA, token: staff.token })).admin.inventory.adjust({
          variant_id: v.variantId,
          adjustment_type: 'change',
          on_hand_change: 1,
          reason: 'found',
          notes: `click ${i}`,
        }),
      ),
    );
    // Each answer shows a figure no other click saw.
    expect(new Set(results.map((r) => r.on_hand)).size).toBe(40);
    const after = await a.db.variant.findUniqueOrThrow({ where: { id: v.variantId } });
    expect(after.onHand).toBe(140);
    const rows = await a.db.inventoryLedger.findMany({ where: { variantId: v.variantId }, orderBy: { before: 'asc' } });
    expect(rows).toHaveLength(40);
    rows.forEach((r, i) => expect(r).toMatchObject({ before: 100 + i, after: 101 + i, delta: 1, field: 'on_hand' }));
  });

  it('concurrent -1 clicks stop at the allocated units: the rest are refused and write nothing', async () => {
    const depsA = createDeps(a.db, storage);
    const depsB = createDeps(b.db, storage);
    const staff = await createUser(depsA, { role: 'staff' });
    const v = await createVariant(a.db, { onHand: 10, allocated: 4 });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        createCaller(createContextInner({ deps: i % 2 ? depsB : depsA, token: staff.token })).admin.inventory.adjust({
          variant_id: v.variantId,
          adjustment_type: 'change',
          on_hand_change: -1,
          reason: 'damaged',
          notes: `minus ${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/allocated to open orders/) });
    const after = await a.db.variant.findUniqueOrThrow({ where: { id: v.variantId } });
    expect(after).toMatchObject({ onHand: 4, allocated: 4 });
    expect(await a.db.inventoryLedger.count({ where: { variantId: v.variantId } })).toBe(6);
  });
});

import { describe, expect, it } from 'vitest';
import { createVariant } from '../factories/shop';
import { createUser } from '../factories/users';
import { twoInstances } from './two-instances';

// A stock adjustment is one SQL statement (lock, update, ledger row). Two app instances = two
// PrismaClients with their own pools on one PostgreSQL database (two-instances.ts).
const shop = twoInstances();

describe('packing adjustments on PostgreSQL with two app instances', () => {
  it('40 concurrent +1 clicks all count, and the ledger chain is unbroken', async () => {
    const staff = await createUser(shop.deps[0], { role: 'staff' });
    const v = await createVariant(shop.db, { onHand: 100 });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        shop.callerFor(i, staff.token).admin.inventory.adjust({
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
    const after = await shop.db.variant.findUniqueOrThrow({ where: { id: v.variantId } });
    expect(after.onHand).toBe(140);
    const rows = await shop.db.inventoryLedger.findMany({ where: { variantId: v.variantId }, orderBy: { before: 'asc' } });
    expect(rows).toHaveLength(40);
    rows.forEach((r, i) => expect(r).toMatchObject({ before: 100 + i, after: 101 + i, delta: 1, field: 'on_hand' }));
  });

  it('concurrent -1 clicks stop at the allocated units: the rest are refused and write nothing', async () => {
    const staff = await createUser(shop.deps[0], { role: 'staff' });
    const v = await createVariant(shop.db, { onHand: 10, allocated: 4 });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        shop.callerFor(i, staff.token).admin.inventory.adjust({
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
    const after = await shop.db.variant.findUniqueOrThrow({ where: { id: v.variantId } });
    expect(after).toMatchObject({ onHand: 4, allocated: 4 });
    expect(await shop.db.inventoryLedger.count({ where: { variantId: v.variantId } })).toBe(6);
  });
});

import { describe, expect, it } from 'vitest';
import { sgAddress } from '../factories/orders';
import { createVariant } from '../factories/shop';
import { createUser } from '../factories/users';
import { twoInstances } from './two-instances';

const shop = twoInstances();

describe('order race on PostgreSQL with two app instances', () => {
  it('20 concurrent orders for 5 units: exactly 5 succeed and available ends at 0', async () => {
    const v = await createVariant(shop.db, { onHand: 7, safetyStock: 2 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createUser(shop.deps[0])));
    for (const s of shoppers) await shop.callerFor(0, s.token).cart.add({ variant_id: v.variantId, quantity: 1 });

    const results = await Promise.allSettled(
      shoppers.map((s, i) => shop.callerFor(i, s.token).orders.place({ shipping_address: sgAddress })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    for (const f of failed) expect(f.reason).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/out of stock|only \d+ left/) });
    const after = await shop.db.variant.findUniqueOrThrow({ where: { id: v.variantId } });
    expect(after.allocated).toBe(5);
    expect(after.onHand - after.allocated - after.safetyStock).toBe(0);
    expect(await shop.db.inventoryLedger.count({ where: { variantId: v.variantId, reason: 'order_placed' } })).toBe(5);
  });

  it('the same idempotency key on both instances at once makes one order', async () => {
    const v = await createVariant(shop.db, { onHand: 10 });
    const s = await createUser(shop.deps[0]);
    await shop.callerFor(0, s.token).cart.add({ variant_id: v.variantId, quantity: 2 });
    const [x, y] = await Promise.all(
      [0, 1].map((i) => shop.callerFor(i, s.token, 'pg-same-key-1').orders.place({ shipping_address: sgAddress })),
    );
    expect(x.id).toBe(y.id);
    expect(await shop.db.order.count({ where: { userId: s.user.id } })).toBe(1);
    expect((await shop.db.variant.findUniqueOrThrow({ where: { id: v.variantId } })).allocated).toBe(2);
  });
});

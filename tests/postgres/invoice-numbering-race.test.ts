import { describe, expect, it } from 'vitest';
import { sgAddress } from '../factories/orders';
import { createVariant } from '../factories/shop';
import { createUser } from '../factories/users';
import { twoInstances } from './two-instances';

// Invoice numbers are given after each order commits, by a step that numbers every order committed
// by then. Two app instances (two PrismaClients with their own pools) place orders at once, some of
// which fail on stock: the numbers must still be one per placed order, without a gap or a repeat,
// present when the order is answered, and in the order the orders were placed.
const shop = twoInstances();

describe('invoice numbers with two app instances placing orders at once', () => {
  it('are gap-free, unique, present when the order is answered, and follow the order of placement', async () => {
    const plenty = await createVariant(shop.db, { onHand: 1_000 });
    // Every third shopper also wants one of 4 scarce units: most of them roll back, taking no number.
    const scarce = await createVariant(shop.db, { onHand: 4 });
    const shoppers = await Promise.all(Array.from({ length: 36 }, () => createUser(shop.deps[0])));
    for (const [i, s] of shoppers.entries()) {
      const caller = shop.callerFor(0, s.token);
      await caller.cart.add({ variant_id: plenty.variantId, quantity: 1 });
      if (i % 3 === 0) await caller.cart.add({ variant_id: scarce.variantId, quantity: 1 });
    }

    const placed: { id: string; started: number; answered: number; numberWhenAnswered: number | null }[] = [];
    let failed = 0;
    const place = async (i: number) => {
      const caller = shop.callerFor(i, shoppers[i].token);
      const started = performance.now();
      try {
        const order = await caller.orders.place({ shipping_address: sgAddress });
        const answered = performance.now();
        const row = await shop.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { invoiceNumber: true } });
        placed.push({ id: order.id, started, answered, numberWhenAnswered: row.invoiceNumber });
      } catch (err) {
        expect(err).toMatchObject({ code: 'CONFLICT' });
        failed++;
      }
    };
    // Waves of 12 at once, so that some orders are answered before others start.
    for (let wave = 0; wave < shoppers.length; wave += 12) await Promise.all(Array.from({ length: 12 }, (_, k) => place(wave + k)));

    expect(failed).toBe(12 - 4);
    expect(placed).toHaveLength(shoppers.length - failed);
    // Numbered before the shopper was answered.
    expect(placed.filter((p) => p.numberWhenAnswered == null)).toEqual([]);
    const rows = await shop.db.order.findMany({ select: { id: true, invoiceNumber: true, invoiceDue: true } });
    expect(rows.filter((r) => r.invoiceDue)).toEqual([]);
    const numbers = rows.map((r) => r.invoiceNumber!).sort((x, y) => x - y);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect((await shop.db.counter.findUniqueOrThrow({ where: { name: 'invoice' } })).value).toBe(numbers.length);
    // An order answered before another was placed has the smaller number.
    const numberOf = new Map(rows.map((r) => [r.id, r.invoiceNumber!]));
    for (const x of placed) for (const y of placed) if (x.answered < y.started) expect(numberOf.get(x.id)!).toBeLessThan(numberOf.get(y.id)!);
  });
});

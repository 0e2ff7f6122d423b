import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client';
import { EmbeddedPostgres } from '../../server/db/embedded/embedded-server';
import { runMigrations } from '../../server/db/migrate';
import { createDeps, type AppDeps } from '../../server/deps';
import { toHttpError } from '../../server/lib/http-error';
import { LocalImageStorage } from '../../server/storage/image-storage';
import { createContextInner } from '../../server/trpc/context';
import { createCaller } from '../../server/trpc/root';
import { createVariant } from '../factories/shop';
import { createUser } from '../factories/users';

// The embedded server killed with SIGKILL while orders are being placed. Durability is on here
// (fsync), as in a shop: every order the shop acknowledged must be there after crash recovery,
// and a request that arrives meanwhile is told to retry (503), never a 500.
let root: string;
let server: EmbeddedPostgres;
let database: Database;
let deps: AppDeps;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'packshop-crash-'));
  chmodSync(root, 0o755);
  server = new EmbeddedPostgres({ dir: join(root, 'postgres') });
  await server.start();
  database = await openPostgres(server.url(), 10);
  await runMigrations(database.executor);
  deps = createDeps(database.db, new LocalImageStorage(join(root, 'uploads')));
}, 120_000);
afterAll(async () => {
  await database?.close();
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

const address = { fullName: 'Lim Wei', phone: '91234567', addressLine1: '2 Jurong West', postalCode: '640002', city: 'Singapore', state: 'Singapore', country: 'SG' as const };

describe('kill -9 of the embedded database under order load', () => {
  it('loses no acknowledged order, keeps invoice numbers gap-free, and answers 503 meanwhile', async () => {
    const { variantId } = await createVariant(database.db, { onHand: 1_000 });
    const shoppers = await Promise.all(Array.from({ length: 24 }, () => createUser(deps)));
    const callers = shoppers.map((s) => createCaller(createContextInner({ deps, token: s.token })));
    for (const c of callers) await c.cart.add({ variant_id: variantId, quantity: 1 });

    const acknowledged: string[] = [];
    const statuses: number[] = [];
    const unexpected: string[] = [];
    let killed = false;
    const place = async (i: number) => {
      // Retries like a shopper pressing the button again, with the same idempotency key.
      const caller = createCaller(createContextInner({ deps, token: shoppers[i].token, idempotencyKey: `crash-test-${i}-${'k'.repeat(20)}` }));
      for (let attempt = 0; attempt < 60; attempt++) {
        if (i === 8 && !killed) {
          killed = true;
          process.kill(Number(readFileSync(join(root, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL');
        }
        try {
          const order = await caller.orders.place({ shipping_address: address });
          acknowledged.push(order.id);
          return;
        } catch (err) {
          const status = toHttpError(err).status;
          statuses.push(status);
          // Kept with its message so a failure says which error slipped past the 503 mapping.
          if (status !== 503) unexpected.push(`${status}: ${String(err).slice(-300)}`);
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    };
    for (let batch = 0; batch < callers.length; batch += 4) await Promise.all([0, 1, 2, 3].map((k) => place(batch + k)));

    expect(killed).toBe(true);
    expect(statuses.length).toBeGreaterThan(0);
    expect(unexpected).toEqual([]);
    expect(acknowledged).toHaveLength(callers.length);
    const stored = await database.db.order.findMany({ select: { id: true, invoiceNumber: true } });
    expect(stored.map((o) => o.id).sort()).toEqual([...acknowledged].sort());
    const numbers = stored.map((o) => o.invoiceNumber ?? 0).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i));
    const v = await database.db.variant.findUniqueOrThrow({ where: { id: variantId }, select: { allocated: true } });
    expect(v.allocated).toBe(callers.length);
    // Every pooled connection came back: as many transactions as the pool holds (10) are open at
    // once, each waiting for the others. A connection lost in the crash would leave one waiting
    // for a free connection until its 5 s maxWait, and the call would fail.
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
  }, 180_000);
});

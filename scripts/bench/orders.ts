// npm run bench covers request/response paths; placing an order needs a fresh cart per request, so
// this script measures it on its own: orders/s on PostgreSQL with concurrent clients through the
// real HTTP API, spread over two app instances on one database, then checks that nothing oversold.
//
//   npx tsx scripts/bench/orders.ts [--orders 600] [--clients 20] [--stock 500]
//   (BENCH_DATABASE_URL, default postgres://root@127.0.0.1:5432/test, is the server to use)
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../../server/app';
import { hashPassword } from '../../server/auth/password';
import { openPostgres } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { createDeps } from '../../server/deps';
import { LocalImageStorage } from '../../server/storage/image-storage';

const args = process.argv.slice(2);
const arg = (name: string, def: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : def);
const ORDERS = arg('--orders', 600);
const CLIENTS = arg('--clients', 20);
const STOCK = arg('--stock', Math.floor(ORDERS * 0.2));
// Carts spread over this many products, as real shoppers' are; every 4th cart also holds the scarce item.
const SPREAD = arg('--spread', 50);
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

const name = `packshop_orders_${Date.now()}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = new URL(server);
url.pathname = `/${name}`;

const a = await openPostgres(url.toString(), 20);
await runMigrations(a.executor);
const b = await openPostgres(url.toString(), 20);
const storage = new LocalImageStorage(mkdtempSync(join(tmpdir(), 'packshop-orders-')));
const listen = (db: typeof a.db) =>
  new Promise<{ url: string; close(): void }>((resolve) => {
    const s = createApp(createDeps(db, storage), {}).listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, close: () => s.close() }),
    );
  });
const apps = [await listen(a.db), await listen(b.db)];

// Plentiful variants on SPREAD products and one scarce variant that runs out.
const mk = async (sku: string, onHand: number) => {
  const product = await a.db.product.create({ data: { name: `Bench Mailer ${sku}`, category: 'polymailers', type: 'normal', color: 'white' } });
  return a.db.variant.create({
    data: { productId: product.id, sku, type: 'normal', color: 'white', widthCm: 25, heightCm: 35, sizeCode: '25x35', onHand, weightGrams: 300, priceTiers: { create: [{ minQuantity: 1, priceCents: 1290 }] } },
  });
};
const plenty = [];
for (let i = 0; i < SPREAD; i++) plenty.push(await mk(`BENCH-PLENTY-${i}`, ORDERS * 10));
const scarce = await mk('BENCH-SCARCE', STOCK);
const wantScarce = (i: number) => i % 4 === 0;

const passwordHash = await hashPassword('bench-password');
const tokens: string[] = [];
for (let i = 0; i < ORDERS; i++) {
  const user = await a.db.user.create({ data: { email: `bench${i}@example.com`, passwordHash, firstName: 'B', lastName: String(i), displayName: `B ${i}` } });
  const session = await a.db.session.create({ data: { id: `benchsession${i}_${Date.now()}`, userId: user.id, expiresAt: new Date(Date.now() + 3600_000) } });
  const items = [{ variantId: plenty[i % SPREAD].id, quantity: 2 }, ...(wantScarce(i) ? [{ variantId: scarce.id, quantity: 1 }] : [])];
  await a.db.cart.create({ data: { userId: user.id, items: { create: items } } });
  tokens.push(session.id);
}

const address = { fullName: 'Bench Buyer', phone: '91234567', addressLine1: '1 Bench Road', postalCode: '123456', city: 'Singapore', state: 'Singapore', country: 'SG' };
let next = 0;
const statuses: Record<number, number> = {};
const started = performance.now();
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, client) => {
    while (next < tokens.length) {
      const i = next++;
      const res = await fetch(`${apps[(client + i) % 2].url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}`, 'idempotency-key': `bench-${i}` },
        body: JSON.stringify({ shipping_address: address, payment_method: 'stripe' }),
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;

const after = await a.db.variant.findUniqueOrThrow({ where: { id: scarce.id } });
const orders = await a.db.order.count();
const scarceWanted = Array.from({ length: ORDERS }, (_, i) => i).filter(wantScarce).length;
const expected = ORDERS - Math.max(0, scarceWanted - STOCK);
const oversold = after.allocated > after.onHand - after.safetyStock || orders !== expected || after.allocated !== Math.min(STOCK, scarceWanted);
console.log(`Order placement on PostgreSQL, 2 app instances, ${CLIENTS} concurrent clients, ${ORDERS} attempts over ${SPREAD} products (every 4th also wants the scarce item, stock ${STOCK}):`);
console.log(`  statuses ${JSON.stringify(statuses)}; ${orders} orders in ${seconds.toFixed(2)} s = ${(orders / seconds).toFixed(0)} orders/s (${(ORDERS / seconds).toFixed(0)} attempts/s)`);
console.log(`  scarce variant: on_hand ${after.onHand}, allocated ${after.allocated}; ${oversold ? 'OVERSOLD or lost orders!' : 'zero oversells'}`);

for (const app of apps) app.close();
await b.close();
await a.close();
await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await admin.end();
process.exit(oversold ? 1 : 0);

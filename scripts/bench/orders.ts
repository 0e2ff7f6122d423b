// Order placement throughput. Placing an order needs a fresh cart per request, so autocannon cannot
// drive it: this seeds one shopper with a filled cart per attempt, starts the built server as
// separate processes (embedded database: one instance; PostgreSQL: two on one database, as a shop scales out),
// sends the orders concurrently through the real HTTP API, then checks the guarantees: nothing
// oversold, every order exactly once, invoice numbers 1..N without a gap, one confirmation e-mail
// per order in the outbox.
//
// npm run bench calls benchOrders() after the HTTP paths. On its own:
//   npx tsx scripts/bench/orders.ts [--pg [URL]] [--orders 2000] [--clients 20] [--stock N] [--spread 50]
//                                   [--instances N] [--port N] [--cpu-prof DIR] [--stripe]
//   (--pg without a URL uses BENCH_DATABASE_URL, else postgres://root@127.0.0.1:5432/test)
import { type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { newPgClient } from '../../server/db/pg-client';
import { sessionRowId } from '../../server/auth/lucia';
import { hashPassword } from '../../server/auth/password';
import { openEmbedded, openPostgres, type Database } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { scratchDataDir } from './scratch-dir';
import { startStripeServer } from '../../tests/support/stripe-server';
import { newId } from '../../server/db/ids';
import { backendCpuSeconds, cpuSeconds, dbWork, startInstance, stopInstance, waitUp } from './order-bench-instances';

export interface OrderBenchOptions {
  /** A PostgreSQL server URL (a scratch database is made on it); the embedded server when absent. */
  postgres?: string;
  /** App instances, each its own process. Default: 1 on the embedded database (one shop owns its directory), 2 on PostgreSQL. */
  instances?: number;
  /**
   * Attempts. Default 2,000 (about 10 s, like every HTTP row): 600 lasted about 4 s, most of it the
   * just-started processes warming up (7.7 ms of app CPU per order against 5.4 ms warm, PostgreSQL).
   */
  orders?: number;
  clients?: number;
  /** Stock of the scarce variant every 4th cart wants. Default: a fifth of the orders. */
  stock?: number;
  /** Carts spread over this many products, as real shoppers' are. */
  spread?: number;
  /** First port of the instances. */
  port?: number;
  /** Write a V8 CPU profile of each instance here (node --cpu-prof). */
  cpuProfDir?: string;
  /**
   * Stripe configured against the tests' Stripe-compatible server on loopback (tests/support/stripe-server.ts):
   * every order also opens a Checkout Session after its transaction (decision 0165), and each must have one.
   */
  stripe?: boolean;
}

export interface OrderBenchResult {
  database: 'embedded' | 'PostgreSQL';
  instances: number;
  ordersPerSecond: number;
  ok: boolean;
  /** Printable lines: the figure, the statuses, the database work per order and the checks. */
  lines: string[];
}

const address = { fullName: 'Bench Buyer', phone: '91234567', addressLine1: '1 Bench Road', postalCode: '123456', city: 'Singapore', state: 'Singapore', country: 'SG' };

async function scratchDatabase(server: string) {
  const name = `packshop_orders_${Date.now()}`;
  const admin = newPgClient({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = newPgClient({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}

/** Plentiful variants on `spread` products, one scarce variant, and one shopper with a cart per attempt. */
async function seed(database: Database, o: Required<Pick<OrderBenchOptions, 'orders' | 'stock' | 'spread'>>) {
  const db = database.db;
  const mk = async (sku: string, onHand: number) => {
    const product = await db.product.create({ data: { id: newId(), name: `Bench Mailer ${sku}`, category: 'polymailers', type: 'normal', color: 'white' } });
    return db.variant.create({
      data: { id: newId(), productId: product.id, sku, type: 'normal', color: 'white', widthCm: 25, heightCm: 35, sizeCode: '25x35', onHand, weightGrams: 300, priceTiers: { create: [{ id: newId(), minQuantity: 1, priceCents: 1290 }] } },
      select: { id: true },
    });
  };
  const plenty: { id: string }[] = [];
  for (let i = 0; i < o.spread; i++) plenty.push(await mk(`BENCH-PLENTY-${i}`, o.orders * 10));
  const scarce = await mk('BENCH-SCARCE', o.stock);
  const passwordHash = await hashPassword('bench-password');
  const stamp = Date.now();
  const users = await db.user.createManyAndReturn({
    data: Array.from({ length: o.orders }, (_, i) => ({ id: newId(), email: `bench-order-${i}@example.com`, passwordHash, firstName: 'B', lastName: String(i), displayName: `B ${i}` })),
    select: { id: true, email: true },
  });
  users.sort((a, b) => Number(a.email.split('-')[2].split('@')[0]) - Number(b.email.split('-')[2].split('@')[0]));
  const tokens = users.map((_, i) => `benchorder${i}x${stamp}`);
  await db.session.createMany({ data: users.map((u, i) => ({ id: sessionRowId(tokens[i]), userId: u.id, expiresAt: new Date(Date.now() + 29 * 86_400_000) })) });
  const carts = await db.cart.createManyAndReturn({ data: users.map((u) => ({ id: newId(), userId: u.id })), select: { id: true, userId: true } });
  const cartOf = new Map(carts.map((c) => [c.userId, c.id]));
  await db.cartItem.createMany({
    data: users.flatMap((u, i) => [
      { id: newId(), cartId: cartOf.get(u.id)!, variantId: plenty[i % o.spread].id, quantity: 2 },
      ...(wantScarce(i) ? [{ id: newId(), cartId: cartOf.get(u.id)!, variantId: scarce.id, quantity: 1 }] : []),
    ]),
  });
  return { tokens, scarceId: scarce.id };
}

const wantScarce = (i: number) => i % 4 === 0;

export async function benchOrders(opts: OrderBenchOptions = {}): Promise<OrderBenchResult> {
  const orders = opts.orders ?? 2000;
  const clients = opts.clients ?? 20;
  const stock = opts.stock ?? Math.floor(orders * 0.2);
  const spread = opts.spread ?? 50;
  const instances = opts.instances ?? (opts.postgres ? 2 : 1);
  const basePort = opts.port ?? 3280;
  const label = opts.postgres ? 'PostgreSQL' : 'embedded';
  if (!opts.postgres && instances !== 1) throw new Error('The embedded database belongs to one shop: one instance only');

  const dataDir = scratchDataDir('packshop-orders-');
  const scratch = opts.postgres ? await scratchDatabase(opts.postgres) : null;
  const children: ChildProcess[] = [];
  const stripe = opts.stripe ? await startStripeServer() : null;
  const stripeEnv = stripe ? { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url } : {};
  const open = () => (scratch ? openPostgres(scratch.url, 2) : openEmbedded({ dataDir }));
  try {
    // Seeded before the servers start: the embedded server's directory belongs to one shop at a time.
    let database = await open();
    await runMigrations(database.executor);
    const { tokens, scarceId } = await seed(database, { orders, stock, spread });
    await database.close();

    const urls: string[] = [];
    for (let n = 0; n < instances; n++) {
      const port = basePort + n;
      const child = startInstance(port, { DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', ...stripeEnv }, opts.cpuProfDir);
      children.push(child);
      urls.push(`http://127.0.0.1:${port}`);
      await waitUp(urls[n], child);
    }
    const before = await Promise.all(urls.map(dbWork));
    const cpuBefore = children.map((c) => cpuSeconds(c.pid));
    const pgBefore = scratch ? await backendCpuSeconds(scratch.url) : null;
    const clientBefore = process.cpuUsage();

    let next = 0;
    const statuses: Record<number, number> = {};
    const problems: string[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        while (next < tokens.length) {
          const i = next++;
          const res = await fetch(`${urls[(client + i) % instances]}/api/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}`, 'idempotency-key': `bench-order-${i}` },
            body: JSON.stringify({ shipping_address: address, payment_method: 'stripe' }),
          });
          const body = await res.text();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status !== 200 && res.status !== 409 && problems.length < 3) problems.push(`${res.status} ${body.slice(0, 200)}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const after = await Promise.all(urls.map(dbWork));
    const cpuAfter = children.map((c) => cpuSeconds(c.pid));
    const clientCpu = process.cpuUsage(clientBefore);
    const pgAfter = scratch ? await backendCpuSeconds(scratch.url) : null;
    // Backends opened during the run count from zero.
    const pgCpu = pgBefore && pgAfter ? [...pgAfter].reduce((sum, [pid, s]) => sum + s - (pgBefore.get(pid) ?? 0), 0) : null;
    for (const child of children) await stopInstance(child);

    database = await open();
    const db = database.db;
    const scarce = await db.variant.findUniqueOrThrow({ where: { id: scarceId }, select: { onHand: true, allocated: true, safetyStock: true } });
    const placed = await db.order.count();
    const invoices = await db.order.aggregate({ _min: { invoiceNumber: true }, _max: { invoiceNumber: true }, _count: { invoiceNumber: true } });
    const confirmations = await db.outboxMessage.count({ where: { template: 'order_confirmation' } });
    const withCheckout = await db.order.count({ where: { checkoutState: 'open', checkoutUrl: { not: null } } });
    await database.close();

    const scarceWanted = Array.from({ length: orders }, (_, i) => i).filter(wantScarce).length;
    const expected = orders - Math.max(0, scarceWanted - stock);
    const checks = [
      { ok: scarce.allocated <= scarce.onHand - scarce.safetyStock && scarce.allocated === Math.min(stock, scarceWanted), what: `scarce variant: on hand ${scarce.onHand}, allocated ${scarce.allocated}` },
      { ok: placed === expected, what: `${placed} orders placed, ${expected} expected` },
      {
        ok: invoices._count.invoiceNumber === placed && invoices._min.invoiceNumber === (placed ? 1 : null) && invoices._max.invoiceNumber === (placed || null),
        what: `invoice numbers ${invoices._min.invoiceNumber}..${invoices._max.invoiceNumber} on ${invoices._count.invoiceNumber} orders`,
      },
      { ok: confirmations === placed, what: `${confirmations} confirmation e-mails in the outbox` },
      ...(stripe ? [{ ok: withCheckout === placed, what: `${withCheckout} orders with an open Stripe Checkout Session` }] : []),
    ];
    const ok = checks.every((c) => c.ok);
    const queries = after.reduce((s, a, n) => s + a.queries - before[n].queries, 0);
    const dbSeconds = after.reduce((s, a, n) => s + a.seconds - before[n].seconds, 0);
    const rate = placed / seconds;
    const cpu = cpuAfter.every((c, n) => c != null && cpuBefore[n] != null)
      ? cpuAfter.reduce<number>((sum, c, n) => sum + c! - cpuBefore[n]!, 0)
      : null;
    const lines = [
      `Order placement, ${label}${stripe ? ' with Stripe Checkout (test server on loopback)' : ''}, ${instances} instance${instances > 1 ? 's (separate processes)' : ''}, ${clients} concurrent clients, ${orders} attempts over ${spread} products (every 4th also wants the scarce item, stock ${stock}):`,
      `  ${rate.toFixed(0)} orders/s (${placed} orders in ${seconds.toFixed(2)} s); statuses ${JSON.stringify(statuses)}`,
      `  per attempt: ${(queries / orders).toFixed(1)} queries, ${((dbSeconds / orders) * 1000).toFixed(1)} ms in the database as Prisma times it` +
        (cpu == null ? '' : `, ${((cpu / orders) * 1000).toFixed(1)} ms of app-server CPU${opts.postgres ? '' : ' (the embedded server\'s own not included)'}`) +
        (pgCpu == null ? '' : `, ${((pgCpu / orders) * 1000).toFixed(1)} ms of PostgreSQL CPU`) +
        `, ${((clientCpu.user + clientCpu.system) / 1000 / orders).toFixed(1)} ms of the bench client's CPU`,
      `  ${ok ? 'zero oversells, no lost or doubled orders, gap-free invoice numbers' : 'GUARANTEE BROKEN'}: ${checks.map((c) => `${c.ok ? '' : 'FAILED '}${c.what}`).join('; ')}`,
      ...problems.map((p) => `  unexpected answer: ${p}`),
    ];
    return { database: label, instances, ordersPerSecond: rate, ok, lines };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
    await stripe?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const num = (name: string) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : undefined);
  const str = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const pgArg = str('--pg');
  const postgres = args.includes('--pg')
    ? pgArg && /^postgres(ql)?:\/\//.test(pgArg)
      ? pgArg
      : (process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test')
    : undefined;
  const result = await benchOrders({
    postgres,
    orders: num('--orders'),
    clients: num('--clients'),
    stock: num('--stock'),
    spread: num('--spread'),
    instances: num('--instances'),
    port: num('--port'),
    cpuProfDir: str('--cpu-prof'),
    stripe: args.includes('--stripe'),
  });
  for (const line of result.lines) console.log(line);
  process.exit(result.ok ? 0 : 1);
}

import { createApp } from './app';
import { bootstrap } from './bootstrap';
import { readEnv } from './env';
import { drainServer } from './http/drain';
import { startMetricsServer } from './http/metrics.http';
import { Readiness } from './http/readiness';
import { diskSpace } from './lib/disk-space';
import { warmPages } from './pages/warm-up';
import { configureLogging, logger } from './lib/log';
import { startCatalogSync } from './services/catalogue/catalog-sync';
import { startSessionSync } from './auth/session-sync';
import { startOutboxSender } from './outbox/start';
import { startWebhookSender } from './webhooks/start';
import { startInvoiceNumbering } from './services/orders/invoice-numbering';
import { startGuestCartCleanup } from './services/cart/guest-cart-cleanup';
import { startRateLimitSweep } from './auth/rate-limit-sweep';
import { startCheckoutCatchUp } from './services/stripe/checkout';
import { startUnpaidOrderRelease } from './services/payments/unpaid/unpaid-orders';
import { startInvoiceReminders } from './services/statements/invoice-reminders';
import { startSearchStats } from './services/search/search-stats';

async function main() {
  const env = readEnv();
  const log = await configureLogging({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' });
  const readiness = new Readiness();
  const { database, deps } = await bootstrap(env, (msg) => log.info(msg), (msg) => log.warn(msg));
  readiness.markMigrated();
  const app = createApp(deps, {
    serveClient: true,
    site: { publicUrl: env.PUBLIC_URL, allowedHosts: env.ALLOWED_HOSTS, fallbackPort: env.PORT },
    readiness,
    databaseAvailable: database.embedded ? () => database.embedded?.available ?? true : undefined,
    metricsToken: env.METRICS_TOKEN,
  });
  // With several instances on one PostgreSQL, a change made by one drops the others' caches.
  const sync = env.DATABASE_URL ? startCatalogSync(env.DATABASE_URL, (msg) => log.warn(msg)) : null;
  // ... and a logout, password, role or profile change drops the others' cached sessions.
  const sessionSync = env.DATABASE_URL ? startSessionSync(env.DATABASE_URL, deps.db, (msg) => log.warn(msg)) : null;
  // Started here rather than in createApp, so tests run the sender themselves when they want it.
  const sender = startOutboxSender(deps.db, env);
  // Free space of the data and backup directories, every minute: warned of well before a disk fills (decision 0162).
  const stopDiskWatch = diskSpace.start({
    dirs: [{ dir: 'data', path: env.dataDir }, ...(env.backupDir ? [{ dir: 'backups' as const, path: env.backupDir }] : [])],
    databaseOnDataDisk: !env.DATABASE_URL,
  });
  const webhookSender = startWebhookSender(deps.db, env);
  // Orders a crash left without their invoice number (numbered after the order commits) get it here.
  const invoiceNumbering = startInvoiceNumbering(deps.db);
  // Guest carts untouched for GUEST_CART_DAYS go, hourly, on one instance at a time (decision 0163).
  const guestCartCleanup = startGuestCartCleanup(database.executor, { days: env.GUEST_CART_DAYS });
  // Rate-limit rows expired over an hour ago go, every 5 minutes (decision 0203).
  const rateLimitSweep = startRateLimitSweep(deps.db);
  // Orders unpaid for the back office's hours are reminded at half, then cancelled, every 5 minutes, one instance at a time (decision 0167).
  const unpaidOrderRelease = startUnpaidOrderRelease(deps.db, { executor: database.executor, mail: deps.mail });
  // Invoices on terms not paid in full are reminded on their due day and 7 days after, from 8 am Singapore, every 15 minutes (decision 0199).
  const invoiceReminders = startInvoiceReminders(deps.db, { mail: deps.mail });
  // Storefront searches counted in memory are added to the search report every 10 s and on stop (decision 0173).
  const searchStats = startSearchStats(deps.db, log);
  // Orders placed while Stripe could not be reached get their payment page, every 2 minutes (decision 0165).
  const checkoutCatchUp = deps.stripe ? startCheckoutCatchUp(deps.db, deps.stripe, deps.mail.publicUrl) : null;
  // The shop's own backups: one soon after start when the newest is over a day old, then daily (decision 0130).
  if (deps.backups.enabled) deps.backups.startSchedule({ startDelayMs: env.BACKUP_START_DELAY_MS });
  else log.info('Backups: BACKUP_DIR is off, so the shop writes none; back it up with npm run db:backup (docs/deploy.md).');
  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    log.info({ port }, `PackShop is ready at http://localhost:${port} (API reference: /api/docs)`);
    // The listing and the landing page rendered once now, so the first shopper does not pay for
    // loading the server renderer and filling the caches (server/pages/warm-up.ts).
    void warmPages(address);
  });
  server.keepAliveTimeout = 65_000;
  const metricsServer = env.METRICS_PORT ? startMetricsServer(env.METRICS_PORT, env.HOST, env.METRICS_TOKEN) : null;

  // A stop signal: /api/ready turns 503 at once, in-flight requests finish (bounded), then exit.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    readiness.startDraining();
    log.info({ signal, timeout_ms: env.SHUTDOWN_TIMEOUT_MS }, `${signal} received: draining in-flight requests`);
    const drained = await drainServer(server, env.SHUTDOWN_TIMEOUT_MS);
    log.info({ drained }, drained ? 'All requests finished; shutting down' : 'Drain timed out; closed the remaining connections');
    metricsServer?.close();
    await sync?.stop().catch(() => undefined);
    await sessionSync?.stop().catch(() => undefined);
    stopDiskWatch();
    await sender.stop().catch(() => undefined);
    await webhookSender.stop().catch(() => undefined);
    await invoiceNumbering.stop().catch(() => undefined);
    await guestCartCleanup.stop().catch(() => undefined);
    await rateLimitSweep.stop().catch(() => undefined);
    await checkoutCatchUp?.stop().catch(() => undefined);
    await unpaidOrderRelease.stop().catch(() => undefined);
    await invoiceReminders.stop().catch(() => undefined);
    await searchStats.stop().catch(() => undefined);
    // A backup being written gets a moment to finish; otherwise its temporary file is left unfinished (never listed).
    await deps.backups.stop(env.SHUTDOWN_TIMEOUT_MS).catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

process.on('unhandledRejection', (reason) => logger().error({ err: reason }, 'unhandled rejection'));

main().catch((err) => {
  logger().fatal({ err }, err instanceof Error ? err.message : String(err));
  process.exit(1);
});

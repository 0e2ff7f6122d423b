import { createApp } from './app';
import { bootstrap } from './bootstrap';
import { readEnv } from './env';
import { startCatalogSync } from './services/catalog-sync';
import { startOutboxSender } from './outbox/start';

async function main() {
  const env = readEnv();
  const { database, deps, uploadsDir } = await bootstrap(env);
  const app = createApp(deps, {
    uploadsDir,
    serveClient: true,
    site: { publicUrl: env.PUBLIC_URL, allowedHosts: env.ALLOWED_HOSTS, fallbackPort: env.PORT },
  });
  // With several instances on one PostgreSQL, a change made by one drops the others' caches.
  const sync = env.DATABASE_URL ? startCatalogSync(env.DATABASE_URL, (msg) => console.warn(msg)) : null;
  // Started here rather than in createApp, so tests run the sender themselves when they want it.
  const sender = startOutboxSender(deps.db, env);
  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    console.log(`PackShop is ready at http://localhost:${port} (API reference: /api/docs)`);
  });
  server.keepAliveTimeout = 65_000;

  const shutdown = async (signal: string) => {
    console.log(`${signal} received, shutting down`);
    server.close();
    await sync?.stop().catch(() => undefined);
    await sender.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

process.on('unhandledRejection', (reason) => console.error('[unhandled rejection]', reason));

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

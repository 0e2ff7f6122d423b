import { join } from 'node:path';
import { openDatabase, type Database } from './db/client';
import { upgradeDataDirFromPglite } from './db/embedded/pglite-upgrade';
import { runMigrations } from './db/migrate';
import { seedDatabase } from './seed/index';
import { unitOfWork } from './db/unit-of-work';
import { BackupCenter } from './backups/center';
import { SHOP_TIME_ZONE } from '../shared/domain/backups';
import { createDeps, type AppDeps } from './deps';
import { stripeSettingsOf } from './services/stripe/config';
import type { Env } from './env';
import { auditProductImagesOnce } from './services/catalogue/image-audit.service';
import { seedSynonymsOnce } from './services/search/synonym-seed';
import { openImageStorage } from './storage/image-storage';
import { migrateProductImages, warmProductImages } from './storage/responsive-migration';

export interface Bootstrapped {
  database: Database;
  deps: AppDeps;
  uploadsDir: string;
}

/** Opens the database (the embedded server under DATA_DIR, or DATABASE_URL), migrates it and seeds it once. */
export async function bootstrap(env: Env, log: (msg: string) => void = console.log, warn: (msg: string) => void = console.warn): Promise<Bootstrapped> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, osUser: env.EMBEDDED_DB_USER, settings: env.EMBEDDED_DB_SETTINGS, limits: { statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS }, log, warn });
  log(env.DATABASE_URL ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: embedded PostgreSQL in ${join(env.dataDir, 'postgres')}`);
  // A DATA_DIR from a release that ran PGlite: its rows move into the new server once.
  await upgradeDataDirFromPglite(env.dataDir, database, log);
  const applied = await runMigrations(database.executor);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  const uploadsDir = join(env.dataDir, 'uploads');
  const storage = openImageStorage(env.imageStore, database.db, uploadsDir);
  log(storage.kind === 'db' ? 'Images: in the database (IMAGE_STORE=db)' : `Images: ${uploadsDir}`);
  const result = await seedDatabase(database.db, {
    storage,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    catalogue: env.SEED !== 'none',
    log,
  });
  if (result.seeded) log('Seeded the catalogue, settings, promotions and the admin account.');
  // A shop from before search gets the local names once (a new shop got them with its seed).
  if (await unitOfWork(database.db, seedSynonymsOnce)) log('Search: added the usual local names as synonyms (back office, Search).');
  // Once per database, after the upgrade that made product images stored-only: values saved before
  // it are kept, so the log names them for someone to fix.
  const unstored = await auditProductImagesOnce(database.db, warn);
  if (unstored === 0) log('Product images: every stored value is an image of the shop.');
  const moved = await migrateProductImages(database.db, storage, warn);
  if (moved) log(`Product images: ${moved} moved to content-hashed names`);
  // The narrower copies are made in the background, so a start is not held up by encoding; a copy
  // asked for before its turn is made on that request (decision 0145).
  if (env.IMAGE_COPIES_AT_START) {
    const warming = Date.now();
    void warmProductImages(database.db, storage).then(
      (made) => made && log(`Product images: ${made} responsive copies made in ${Date.now() - warming} ms`),
      (err: unknown) => warn(`Product images: making the responsive copies stopped: ${String(err)}`),
    );
  }
  const mail = { publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`, staffEmail: env.STAFF_EMAIL, smtpConfigured: Boolean(env.SMTP_URL) };
  // The shop's own backups (decision 0130): the images go in when they are files on this disk.
  const backups = new BackupCenter({
    dir: env.backupDir,
    database,
    uploadsDir: storage.kind === 'db' ? undefined : uploadsDir,
    policy: { hour: env.BACKUP_HOUR, keepDaily: env.BACKUP_KEEP_DAILY, keepWeekly: env.BACKUP_KEEP_WEEKLY, timeZone: SHOP_TIME_ZONE },
  });
  const deps = createDeps(database.db, storage, { rateLimitScale: env.RATE_LIMIT_SCALE, mail, webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE, sessionMaxDays: env.SESSION_MAX_DAYS, backups, stripe: stripeSettingsOf(env) });
  return { database, deps, uploadsDir };
}

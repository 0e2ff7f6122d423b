import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BackupDamagedError, backupFileName, createBackup, inspectTarget, restoreBackup, verifyBackup } from '../server/backups/index';
import { openRestoreTarget, ShopRunningError } from '../server/backups/open';
import { readMigrations } from '../server/db/migrate';
import { readEnv } from '../server/env';
import { formatBytes } from './lib/format';
import { commandBackupDir } from './lib/backup-dir';
import { commandArgs } from './lib/cli-args';

// npm run db:restore -- FILE [--force]
// Restores a backup (npm run db:backup) into the empty database of this configuration: DATA_DIR's
// embedded database (the shop stopped), or DATABASE_URL. It reads and checks the whole file first
// and refuses a damaged one, or a target that holds data, without changing anything. --force
// replaces a target that holds data, after writing a backup of it to DATA_DIR/backups.
const usage = 'Usage: npm run db:restore -- FILE [--force]';
const parsed = commandArgs(usage, { force: { type: 'boolean' } }, true);
if (parsed.positionals.length !== 1) {
  console.error(usage);
  process.exit(1);
}
const file = parsed.positionals[0];
const force = parsed.values.force ?? false;
class Refusal extends Error {}
const refuse = (why: string): never => {
  throw new Refusal(`Refusing to restore: ${why}\nNothing was changed.`);
};

try {
  const env = readEnv();
  if (!existsSync(file)) refuse(`${file} does not exist.`);
  console.log(`Checking ${file} ...`);
  let manifest;
  try {
    manifest = await verifyBackup(file);
  } catch (err) {
    refuse(err instanceof BackupDamagedError ? err.message : `${file} cannot be read: ${(err as Error).message}`);
  }
  const known = readMigrations().map((m) => m.name);
  if (manifest!.schemaVersion && !known.includes(manifest!.schemaVersion)) {
    refuse(`the backup's schema (${manifest!.schemaVersion}) is newer than this version of the shop knows; restore it with the version that wrote it (${manifest!.app}).`);
  }
  const rows = Object.values(manifest!.rowCounts).reduce((a, b) => a + b, 0);
  console.log(`The file is intact: taken ${manifest!.createdAt} by ${manifest!.app}, schema ${manifest!.schemaVersion}, ${rows} rows, ${manifest!.images.count} image files.`);

  let database;
  try {
    database = await openRestoreTarget(env, (msg) => console.log(msg));
  } catch (err) {
    if (err instanceof ShopRunningError) refuse(err.message);
    throw err;
  }
  const target = env.DATABASE_URL ? 'the DATABASE_URL database' : `the embedded database in ${env.dataDir}`;
  try {
    const state = await inspectTarget(database.url);
    if (!force && state.foreignTables.length > 0) {
      refuse(`${target} has tables that are not a PackShop database's (e.g. ${state.foreignTables.slice(0, 3).join(', ')}). Restore into an empty database, or add --force to replace them (a backup is written first).`);
    }
    if (state.tablesWithRows.length > 0) {
      if (!force) {
        refuse(`${target} is not empty (${state.tablesWithRows.length} tables hold data). Restore into an empty DATA_DIR or database, or add --force to replace it (a backup of it is written first).`);
      }
      const safety = join(commandBackupDir(env), backupFileName(new Date(), 'before-restore'));
      console.log(`--force: backing up ${target} first ...`);
      const saved = await createBackup({ database, uploadsDir: join(env.dataDir, 'uploads'), outFile: safety });
      console.log(`Wrote ${saved.file} (${formatBytes(saved.bytes)}).`);
    }
    const started = Date.now();
    const images = env.imageStore === 'db' ? ({ kind: 'db' } as const) : ({ kind: 'disk', dir: join(env.dataDir, 'uploads') } as const);
    const result = await restoreBackup({ file, database, images, replace: force, verified: manifest! });
    console.log(`Restored ${rows} rows and ${result.images} image files into ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s; every table's row count matches the backup.`);
    if (images.kind === 'disk' && (result.rowCounts.StoredImage ?? 0) > 0) {
      console.log(`${result.rowCounts.StoredImage} images are in the database image store: start with IMAGE_STORE=db, or run npm run images:move -- --to disk.`);
    }
    console.log('Start the shop with: npm start');
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof Refusal ? err.message : `Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
}

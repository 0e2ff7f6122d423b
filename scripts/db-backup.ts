import { dirname, join } from 'node:path';
import { backupFileName, createBackup } from '../server/backups/index';
import { openBackupSource } from '../server/backups/open';
import { ensureRoomForBackup } from '../server/backups/space';
import { readEnv } from '../server/env';
import { formatBytes } from './lib/format';
import { commandBackupDir } from './lib/backup-dir';
import { commandArgs } from './lib/cli-args';

// npm run db:backup [-- --out FILE]
// One file (tar.gz: manifest.json, dump.sql, images/) of the shop's database and uploaded images,
// taken from a consistent snapshot while the shop keeps taking orders, or with the shop stopped.
// Without --out it goes to BACKUP_DIR (default DATA_DIR/backups)/packshop-<time>.tar.gz. README: "Backups".
const usage = 'Usage: npm run db:backup [-- --out FILE]';
const args = commandArgs(usage, { out: { type: 'string' } }).values;
const env = readEnv();
const outFile = args.out ?? join(commandBackupDir(env), backupFileName());
const started = Date.now();
try {
  const source = await openBackupSource(env, (msg) => console.log(msg));
  try {
    console.log(`Backing up ${source.how} ...`);
    // Refused before it starts when it cannot fit (decision 0162).
    await ensureRoomForBackup({ database: source.database, uploadsDir: join(env.dataDir, 'uploads'), outDir: dirname(outFile) });
    const { file, bytes, manifest } = await createBackup({ database: source.database, uploadsDir: join(env.dataDir, 'uploads'), outFile });
    const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
    console.log(`Wrote ${file} (${formatBytes(bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
    console.log(`  snapshot ${manifest.createdAt}, schema ${manifest.schemaVersion}`);
    console.log(`  ${rows} rows in ${Object.keys(manifest.rowCounts).length} tables (orders: ${manifest.rowCounts.Order ?? 0}), ${manifest.images.count} image files`);
    console.log('Restore it with: npm run db:restore -- ' + file);
  } finally {
    await source.close();
  }
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}

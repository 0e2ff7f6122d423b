import { stat, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { formatBytes } from '../../shared/domain/backups';
import pg from 'pg';
import { conflict } from '../../shared/errors';
import type { Database } from '../db/client';
import { scanImages } from './archive';

// A backup is refused before it starts when it cannot fit (decision 0162): by default it is written
// to DATA_DIR/backups, the disk the database itself needs, so a backup that filled it would stop
// the shop taking orders.

/** Room kept free beyond the estimate: PostgreSQL needs a WAL segment (16 MB) and the log some too. */
const HEADROOM_BYTES = 64 * 1024 ** 2;

export interface BackupSpace {
  neededBytes: number;
  freeBytes: number;
}

/** statfs needs a path that exists: a backup directory not created yet is on its parent's filesystem. */
async function existingAncestor(path: string): Promise<string> {
  for (let p = path; ; p = dirname(p)) {
    if (await stat(p).then(() => true, () => false)) return p;
    if (dirname(p) === p) return p;
  }
}

/** The database's size on disk, over a connection of its own (as the dump has: npm run db:backup has no pool). */
async function databaseSize(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string }>('SELECT pg_database_size(current_database())::text AS bytes');
    return Number(rows[0]?.bytes ?? 0);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * An upper estimate of the space a backup takes while it is written: the plain SQL dump (at most
 * about twice the database's size, bytea columns being written as hex) beside the compressed file,
 * whose images (already compressed) take their own size; plus headroom.
 */
export async function backupSpace(opts: { database: Pick<Database, 'url'>; uploadsDir?: string; outDir: string }): Promise<BackupSpace> {
  const [databaseBytes, images, fs] = await Promise.all([
    databaseSize(opts.database.url),
    opts.uploadsDir ? scanImages(opts.uploadsDir) : Promise.resolve([]),
    statfs(await existingAncestor(opts.outDir)),
  ]);
  const imageBytes = images.reduce((sum, i) => sum + i.size, 0);
  return { neededBytes: 2 * databaseBytes + imageBytes + HEADROOM_BYTES, freeBytes: fs.bavail * fs.bsize };
}

/** Refuses (409, the message shown in the back office, REST and the CLI) when the backup cannot fit. */
export async function ensureRoomForBackup(opts: { database: Pick<Database, 'url'>; uploadsDir?: string; outDir: string }): Promise<void> {
  const { neededBytes, freeBytes } = await backupSpace(opts);
  if (freeBytes >= neededBytes) return;
  throw conflict(
    `Not enough free space for a backup: it needs about ${formatBytes(neededBytes)} and the backup disk has ${formatBytes(freeBytes)} free. ` +
      'Free space there (old backups you have copied elsewhere) or set BACKUP_DIR to a larger disk. No backup was started.',
  );
}

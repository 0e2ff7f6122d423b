// What the backup center does to the directory after writing a backup: files not verified yet are
// verified, and retention deletes the good backups its policy does not keep (decision 0130).
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { planRetention, type RetentionPolicy } from '../../shared/domain/backups';
import { logger } from '../lib/log';
import { type BackupDirectory, message, type StatusFile } from './backup-directory';
import { PARTIAL_SUFFIX, verifyBackup } from './index';

/** The names the shop (and npm run db:backup) give: only these are ever deleted by retention. */
const RETAINED_ID = /^packshop-\d{8}-\d{6}Z(-\d+)?$/;
/** Temporary files a stopped or crashed writer left behind are deleted once they are this old. */
const PARTIAL_MAX_AGE_MS = 24 * 60 * 60_000;

/** Files not verified yet (copied in, or from npm run db:backup) are verified before retention counts them. */
export async function verifyUnchecked(folder: BackupDirectory, status: StatusFile) {
  for (const file of await folder.files()) {
    const seen = status.checked[file.name];
    if (seen && seen.bytes === file.bytes && seen.mtimeMs === file.mtimeMs) continue;
    try {
      const manifest = await verifyBackup(file.path);
      status.checked[file.name] = { bytes: file.bytes, mtimeMs: file.mtimeMs, status: 'good', problem: null, createdAt: manifest.createdAt, schemaVersion: manifest.schemaVersion };
    } catch (err) {
      logger().warn({ err, file: file.path }, 'backup: a file in the backup directory does not verify; it is kept for you to look at');
      status.checked[file.name] = { bytes: file.bytes, mtimeMs: file.mtimeMs, status: 'damaged', problem: message(err), createdAt: null, schemaVersion: null };
    }
  }
}

/** Deletes the good backups retention does not keep; damaged files stay (decision 0130). */
export async function prune(folder: BackupDirectory, status: StatusFile, policy: RetentionPolicy) {
  const files = await folder.files();
  const byId = new Map(files.map((f) => [f.id, f]));
  // Files named otherwise (before-move-*, copied in by hand) are listed but left alone.
  const plan = planRetention(
    files.filter((f) => RETAINED_ID.test(f.id)).map((f) => {
      const c = status.checked[f.name];
      return { id: f.id, createdAt: new Date(c?.createdAt ?? f.mtimeMs), status: c?.status === 'good' ? ('good' as const) : ('damaged' as const) };
    }),
    policy,
  );
  for (const id of plan.remove) {
    const f = byId.get(id)!;
    await unlink(f.path).catch((err) => logger().warn({ err, file: f.path }, 'backup: could not delete an old backup'));
    delete status.checked[f.name];
    logger().info({ file: f.path }, `backup: deleted ${f.name} (retention)`);
  }
  // Forget files that are gone.
  const present = new Set(files.map((f) => f.name));
  for (const name of Object.keys(status.checked)) if (!present.has(name)) delete status.checked[name];
  // Temporary files a stopped or crashed writer left behind (never listed): gone after a day.
  for (const name of await readdir(folder.dir!)) {
    if (!name.startsWith('packshop-') || !name.endsWith(PARTIAL_SUFFIX)) continue;
    const path = join(folder.dir!, name);
    const s = await stat(path).catch(() => null);
    if (s && Date.now() - s.mtimeMs > PARTIAL_MAX_AGE_MS) await unlink(path).catch(() => undefined);
  }
}

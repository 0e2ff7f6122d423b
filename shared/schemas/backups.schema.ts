import { z } from 'zod';

/**
 * A backup is named by its id, which the listing gives: the file's name without its extension.
 * The server only ever opens a file it found in the backup directory with that id; an id is never
 * joined into a path.
 */
export const BACKUP_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
export const backupIdInput = z.object({
  id: z.string({ error: 'id must be a backup id from the list' }).regex(BACKUP_ID_PATTERN, 'id must be a backup id from the list'),
});

export const backupRow = z.object({
  id: z.string(),
  file_name: z.string(),
  /** When the backup was taken (its manifest), ISO 8601. */
  created_at: z.string(),
  bytes: z.number().int(),
  /** good: verified (checksum and manifest); damaged: it did not verify; unchecked: not verified yet. */
  status: z.enum(['good', 'damaged', 'unchecked']),
  /** Why it is damaged. */
  problem: z.string().nullable(),
  schema_version: z.string().nullable(),
});
export type BackupRow = z.infer<typeof backupRow>;

const backupAttempt = z.object({
  at: z.string(),
  ok: z.boolean(),
  error: z.string().nullable(),
  /** The file it wrote, when it worked. */
  id: z.string().nullable(),
  trigger: z.enum(['start', 'schedule', 'manual']),
});

export const backupList = z.object({
  /** False when BACKUP_DIR=off: the shop writes no backups (the owner backs up another way). */
  enabled: z.boolean(),
  schedule: z
    .object({
      hour: z.number().int(),
      time_zone: z.string(),
      keep_daily: z.number().int(),
      keep_weekly: z.number().int(),
      next_run_at: z.string().nullable(),
    })
    .nullable(),
  /** A backup is being written now (by this instance). */
  running: z.boolean(),
  last_attempt: backupAttempt.nullable(),
  newest_good_at: z.string().nullable(),
  /** What the dashboard shows an admin: the last backup failed, or the newest good one is over 36 hours old. */
  warning: z.object({ kind: z.enum(['failed', 'stale', 'none']), message: z.string() }).nullable(),
  backups: z.array(backupRow),
});
export type BackupList = z.infer<typeof backupList>;

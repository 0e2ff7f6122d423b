import { z } from 'zod';

/** The disks the shop watches (decision 0162): the data directory's and the backup directory's filesystems. */
const diskDir = z.enum(['data', 'backups']);
export type DiskDir = z.infer<typeof diskDir>;

/** ok; low: under 10 % or 1 GB free; full: writes are being refused for want of space. */
const diskLevel = z.enum(['ok', 'low', 'full']);
export type DiskLevel = z.infer<typeof diskLevel>;

/** What the back office's banner shows: a sentence for the owner and the figures, never a path. */
export const diskState = z.object({
  level: diskLevel,
  message: z.string().nullable(),
  disks: z.array(
    z.object({
      dir: diskDir,
      free_bytes: z.number(),
      size_bytes: z.number(),
      checked_at: z.string(),
    }),
  ),
});
export type DiskState = z.infer<typeof diskState>;

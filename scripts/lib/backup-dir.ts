import { join } from 'node:path';
import type { Env } from '../../server/env';

/**
 * Where the commands write backups: BACKUP_DIR, the folder the shop's own schedule uses and the
 * back office lists. BACKUP_DIR=off stops only the schedule, so by hand they still go to DATA_DIR/backups.
 */
export const commandBackupDir = (env: Env): string => env.backupDir ?? join(env.dataDir, 'backups');

import type { BackupResult, CreateBackupOptions } from './types';

/** Writes a backup of the database (and the disk image store) to opts.outFile, atomically. */
export async function createBackup(opts: CreateBackupOptions): Promise<BackupResult> {
  throw new Error(`createBackup(${opts.outFile}): not written yet`);
}

import type { BackupManifest } from './types';

/** The manifest at the head of a backup file, without reading the rest (for listings). */
export async function readBackupManifest(file: string): Promise<BackupManifest> {
  throw new Error(`readBackupManifest(${file}): not written yet`);
}

/** Reads the whole file and checks every checksum and row count against the manifest; throws BackupDamagedError. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  throw new Error(`verifyBackup(${file}): not written yet`);
}

import type { Database } from '../client';
import type { BackupManifest } from './types';

export interface RestoreOptions {
  file: string;
  /** The empty database to restore into. */
  database: Database;
  /** Where images under images/ go (DATA_DIR/uploads), or 'db' to store them in the database image store. */
  images: { kind: 'disk'; dir: string } | { kind: 'db' };
}

export interface RestoreResult {
  manifest: BackupManifest;
  rowCounts: Record<string, number>;
  images: number;
}

/** The target database already holds data: restoring would mix two shops. */
export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError';
}

/** Restores a verified backup into an empty database; throws TargetNotEmptyError when it is not empty. */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  throw new Error(`restoreBackup(${opts.file}): not written yet`);
}

import type { Database } from '../db/client';

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: 1;
  /** ISO time the database snapshot was taken. */
  createdAt: string;
  /** Name of the last applied migration (prisma/migrations/<name>). */
  schemaVersion: string;
  databaseKind: 'embedded' | 'postgres';
  /** Rows of every table in the dump, by table name (including the migration bookkeeping table). */
  rowCounts: Record<string, number>;
  /** Images stored as files under images/ (the disk image store); sha256 over one line per image: name, size and the sha256 of its bytes, in archive (name) order. */
  images: { count: number; bytes: number; sha256: string };
  /** sha256 (hex) of dump.sql. */
  sha256: string;
  /** dump.sql's size in bytes. */
  dumpBytes: number;
  /** The application that wrote it, e.g. "packshop 0.1.0". */
  app: string;
}

export interface CreateBackupOptions {
  /** The database to back up (only its connection string and kind are used). */
  database: Pick<Database, 'url' | 'kind'>;
  /** The disk image store's directory (DATA_DIR/uploads); its files go under images/. Omit to leave images out (IMAGE_STORE=db keeps them in the dump). */
  uploadsDir?: string;
  /** The file to write; written under a temporary name beside it and renamed when complete. */
  outFile: string;
  /** Called once the database snapshot is taken: writes committed after this are not in the backup. */
  onSnapshot?: () => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/** The file is not a complete, intact backup (truncated, corrupted, or not a backup at all). */
export class BackupDamagedError extends Error {
  override name = 'BackupDamagedError';
}

/** Temporary files being written (<outFile>.<pid>-<random>[.sql].partial, beside it) carry this suffix; listings should skip them. */
export const PARTIAL_SUFFIX = '.partial';

/** Backup files end in this; DATA_DIR/backups holds nothing else worth listing. */
export const BACKUP_EXTENSION = '.tar.gz';

/** The default file name for a backup taken at `at`, e.g. packshop-20261126-071200Z.tar.gz (sorts by time). */
export function backupFileName(at: Date = new Date(), label = 'packshop'): string {
  const iso = at.toISOString(); // 2026-11-26T07:12:00.000Z
  return `${label}-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}Z${BACKUP_EXTENSION}`;
}

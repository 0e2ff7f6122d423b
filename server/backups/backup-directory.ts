// The backup directory as the backup center reads it (decision 0130): the directory is the source
// of truth, the files in it are the backups, and a small status file beside them records the last
// attempt and which files were verified. A file not verified yet is listed from its manifest alone.
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKUP_ID_PATTERN, type BackupRow } from '../../shared/schemas/backups.schema';
import { BACKUP_EXTENSION, PARTIAL_SUFFIX, readBackupManifest } from './index';

/** The status file in the backup directory (not a backup: it does not end in .tar.gz). */
export const STATUS_FILE = 'backup-status.json';

export type BackupTrigger = 'start' | 'schedule' | 'manual';

export interface CheckedFile {
  bytes: number;
  mtimeMs: number;
  status: 'good' | 'damaged';
  problem: string | null;
  createdAt: string | null;
  schemaVersion: string | null;
}

interface Attempt {
  at: string;
  ok: boolean;
  error: string | null;
  id: string | null;
  trigger: BackupTrigger;
}

export interface StatusFile {
  lastAttempt: Attempt | null;
  checked: Record<string, CheckedFile>;
}

export interface FileOnDisk {
  id: string;
  name: string;
  path: string;
  bytes: number;
  mtimeMs: number;
}

export const idOf = (name: string) => name.slice(0, -BACKUP_EXTENSION.length);
export const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 500);

export class BackupDirectory {
  /** Manifests read for the listing, by name, size and time: files do not change once written. */
  private manifestCache = new Map<string, { key: string; createdAt: string | null; schemaVersion: string | null; problem: string | null }>();

  constructor(readonly dir: string | null) {}

  async files(): Promise<FileOnDisk[]> {
    if (!this.dir) return [];
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const out: FileOnDisk[] = [];
    for (const name of names) {
      if (!name.endsWith(BACKUP_EXTENSION) || name.endsWith(PARTIAL_SUFFIX)) continue;
      const id = idOf(name);
      if (!BACKUP_ID_PATTERN.test(id)) continue; // not a name the shop or db:backup gives; never listed, never touched
      const path = join(this.dir, name);
      const s = await stat(path).catch(() => null);
      if (!s?.isFile()) continue;
      out.push({ id, name, path, bytes: s.size, mtimeMs: s.mtimeMs });
    }
    return out;
  }

  async readStatus(): Promise<StatusFile> {
    if (!this.dir) return { lastAttempt: null, checked: {} };
    try {
      const parsed = JSON.parse(await readFile(join(this.dir, STATUS_FILE), 'utf8')) as Partial<StatusFile>;
      return { lastAttempt: parsed.lastAttempt ?? null, checked: parsed.checked ?? {} };
    } catch {
      return { lastAttempt: null, checked: {} };
    }
  }

  async writeStatus(status: StatusFile): Promise<void> {
    if (!this.dir) return;
    const tmp = join(this.dir, `${STATUS_FILE}.${process.pid}.tmp`);
    await writeFile(tmp, JSON.stringify(status, null, 2));
    await rename(tmp, join(this.dir, STATUS_FILE));
  }

  private async rowOf(file: FileOnDisk, checked: CheckedFile | undefined): Promise<BackupRow> {
    if (checked && checked.bytes === file.bytes && checked.mtimeMs === file.mtimeMs) {
      return {
        id: file.id,
        file_name: file.name,
        created_at: checked.createdAt ?? new Date(file.mtimeMs).toISOString(),
        bytes: file.bytes,
        status: checked.status,
        problem: checked.problem,
        schema_version: checked.schemaVersion,
      };
    }
    // Not verified yet (copied in, or written by npm run db:backup): its manifest alone, read once.
    const key = `${file.bytes}:${file.mtimeMs}`;
    let m = this.manifestCache.get(file.name);
    if (!m || m.key !== key) {
      try {
        const manifest = await readBackupManifest(file.path);
        m = { key, createdAt: manifest.createdAt, schemaVersion: manifest.schemaVersion, problem: null };
      } catch (err) {
        m = { key, createdAt: null, schemaVersion: null, problem: message(err) };
      }
      this.manifestCache.set(file.name, m);
    }
    return {
      id: file.id,
      file_name: file.name,
      created_at: m.createdAt ?? new Date(file.mtimeMs).toISOString(),
      bytes: file.bytes,
      status: m.problem ? 'damaged' : 'unchecked',
      problem: m.problem,
      schema_version: m.schemaVersion,
    };
  }

  async rows(): Promise<{ rows: BackupRow[]; status: StatusFile }> {
    const [files, status] = await Promise.all([this.files(), this.readStatus()]);
    const rows = await Promise.all(files.map((f) => this.rowOf(f, status.checked[f.name])));
    rows.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    return { rows, status };
  }
}

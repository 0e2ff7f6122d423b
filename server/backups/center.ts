import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { backupWarning, nextDailyRun, planRetention, SHOP_TIME_ZONE } from '../../shared/domain/backups';
import { AppError, conflict, notFound } from '../../shared/errors';
import { BACKUP_ID_PATTERN, type BackupList, type BackupRow } from '../../shared/schemas/backups.schema';
import { BACKUP_EXTENSION, backupFileName, createBackup, PARTIAL_SUFFIX, readBackupManifest, verifyBackup } from './index';
import { ensureRoomForBackup } from './space';
import type { Database } from '../db/client';
import { logger } from '../lib/log';

// The shop's own backups (decision 0130). The backup directory is the source of
// truth: the files in it are the backups, and a small status file beside them records the last
// attempt and which files were verified. Only one instance writes at a time (a PostgreSQL advisory
// lock), so several instances may share one directory.

/** Every instance contends for this advisory lock before it writes a backup or deletes one. */
const BACKUP_LOCK_KEY = 727_274_130;
/** The status file in the backup directory (not a backup: it does not end in .tar.gz). */
export const STATUS_FILE = 'backup-status.json';
/** A daily run skips when a good backup this recent exists (another instance sharing the directory just took one). */
const RECENT_MS = 60 * 60_000;
/** At start, a backup is taken when the newest good one is older than this. */
const START_STALE_MS = 24 * 60 * 60_000;

export type BackupTrigger = 'start' | 'schedule' | 'manual';

export interface BackupPolicy {
  hour: number;
  keepDaily: number;
  keepWeekly: number;
  timeZone: string;
}

const DEFAULT_BACKUP_POLICY: BackupPolicy = { hour: 3, keepDaily: 7, keepWeekly: 4, timeZone: SHOP_TIME_ZONE };

export interface BackupCenterOptions {
  /** The backup directory; null when BACKUP_DIR=off. */
  dir: string | null;
  /** The database to back up; required unless dir is null. */
  database?: Database;
  /** The disk image store's directory (its images go into the backup); omitted with IMAGE_STORE=db. */
  uploadsDir?: string;
  policy?: Partial<BackupPolicy>;
}

interface CheckedFile {
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

interface StatusFile {
  lastAttempt: Attempt | null;
  checked: Record<string, CheckedFile>;
}

interface FileOnDisk {
  id: string;
  name: string;
  path: string;
  bytes: number;
  mtimeMs: number;
}

const idOf = (name: string) => name.slice(0, -BACKUP_EXTENSION.length);
/** The names the shop (and npm run db:backup) give: only these are ever deleted by retention. */
const RETAINED_ID = /^packshop-\d{8}-\d{6}Z(-\d+)?$/;
const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 500);

const BACKUPS_OFF = 'The shop writes no backups: BACKUP_DIR is off. Back it up with npm run db:backup (docs/deploy.md).';
const BACKUP_RUNNING = 'A backup is being written right now. Try again when it has finished.';

export class BackupCenter {
  readonly dir: string | null;
  readonly policy: BackupPolicy;
  private running: Promise<unknown> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private nextRunAt: Date | null = null;
  private stopped = false;
  /** Manifests read for the listing, by name, size and time: files do not change once written. */
  private manifestCache = new Map<string, { key: string; createdAt: string | null; schemaVersion: string | null; problem: string | null }>();

  constructor(private readonly opts: BackupCenterOptions) {
    this.dir = opts.dir;
    this.policy = { ...DEFAULT_BACKUP_POLICY, ...opts.policy };
  }

  /** BACKUP_DIR=off: lists nothing, takes nothing. */
  static off(): BackupCenter {
    return new BackupCenter({ dir: null });
  }

  get enabled(): boolean {
    return this.dir !== null;
  }

  // --- reading ---------------------------------------------------------------------------------

  private async files(): Promise<FileOnDisk[]> {
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

  private async readStatus(): Promise<StatusFile> {
    if (!this.dir) return { lastAttempt: null, checked: {} };
    try {
      const parsed = JSON.parse(await readFile(join(this.dir, STATUS_FILE), 'utf8')) as Partial<StatusFile>;
      return { lastAttempt: parsed.lastAttempt ?? null, checked: parsed.checked ?? {} };
    } catch {
      return { lastAttempt: null, checked: {} };
    }
  }

  private async writeStatus(status: StatusFile): Promise<void> {
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

  private async rows(): Promise<{ rows: BackupRow[]; status: StatusFile }> {
    const [files, status] = await Promise.all([this.files(), this.readStatus()]);
    const rows = await Promise.all(files.map((f) => this.rowOf(f, status.checked[f.name])));
    rows.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    return { rows, status };
  }

  /** The backups, newest first, with the last attempt and what the dashboard should warn about. */
  async list(now = new Date()): Promise<BackupList> {
    if (!this.dir) {
      return { enabled: false, schedule: null, running: false, last_attempt: null, newest_good_at: null, warning: null, backups: [] };
    }
    const { rows, status } = await this.rows();
    const newestGood = rows.find((r) => r.status === 'good') ?? null;
    const last = status.lastAttempt;
    return {
      enabled: true,
      schedule: {
        hour: this.policy.hour,
        time_zone: this.policy.timeZone,
        keep_daily: this.policy.keepDaily,
        keep_weekly: this.policy.keepWeekly,
        next_run_at: (this.nextRunAt ?? (this.stopped ? null : nextDailyRun(now, this.policy.hour, this.policy.timeZone)))?.toISOString() ?? null,
      },
      running: this.running !== null,
      last_attempt: last,
      newest_good_at: newestGood?.created_at ?? null,
      warning: backupWarning({
        enabled: true,
        newestGoodAt: newestGood ? new Date(newestGood.created_at) : null,
        lastAttempt: last ? { at: new Date(last.at), ok: last.ok, error: last.error } : null,
        now,
      }),
      backups: rows,
    };
  }

  /** The file behind an id from the listing, for a download. The id is matched, never joined into a path. */
  async open(id: string): Promise<{ path: string; name: string; bytes: number }> {
    if (!this.dir) throw notFound('No backup with that id');
    const file = (await this.files()).find((f) => f.id === id);
    if (!file) throw notFound('No backup with that id');
    return { path: file.path, name: file.name, bytes: file.bytes };
  }

  // --- writing ---------------------------------------------------------------------------------

  /**
   * Takes a backup now: under the advisory lock, writes the file, verifies it, records the attempt
   * and applies retention. A manual call answers 409 while another backup is being written.
   */
  async take(trigger: BackupTrigger = 'manual'): Promise<BackupRow> {
    if (!this.dir) throw conflict(BACKUPS_OFF);
    if (this.running) throw conflict(BACKUP_RUNNING);
    const work = this.underLock(trigger, async () => this.write(trigger));
    this.running = work;
    try {
      const row = await work;
      if (!row) throw conflict(BACKUP_RUNNING);
      return row;
    } finally {
      this.running = null;
    }
  }

  /**
   * Runs `fn` holding the backup lock, or answers null when another instance holds it. A failure
   * to reach the database is recorded as a failed attempt.
   */
  private async underLock<T>(trigger: BackupTrigger, fn: () => Promise<T>): Promise<T | null> {
    try {
      if (!this.opts.database) throw new Error('No database to back up');
      return await this.opts.database.executor.withConnection(async (conn) => {
        const [row] = (await conn.query('SELECT pg_try_advisory_lock($1) AS ok', [BACKUP_LOCK_KEY])) as { ok: boolean }[];
        if (!row?.ok) return null;
        try {
          return await fn();
        } finally {
          await conn.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]).catch(() => undefined);
        }
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      if ((err as { recorded?: boolean }).recorded) throw err;
      await this.recordFailure(trigger, err);
      throw err;
    }
  }

  private async recordFailure(trigger: BackupTrigger, err: unknown) {
    logger().error({ err, trigger }, 'backup: failed');
    try {
      await mkdir(this.dir!, { recursive: true, mode: 0o700 });
      const status = await this.readStatus();
      status.lastAttempt = { at: new Date().toISOString(), ok: false, error: message(err), id: null, trigger };
      await this.writeStatus(status);
    } catch (statusErr) {
      logger().error({ err: statusErr }, 'backup: could not record the failure in the status file');
    }
  }

  private async write(trigger: BackupTrigger): Promise<BackupRow> {
    const dir = this.dir!;
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const database = this.opts.database!;
      let name = backupFileName(new Date());
      const taken = new Set(await readdir(dir));
      for (let n = 2; taken.has(name); n++) name = `${idOf(backupFileName(new Date()))}-${n}${BACKUP_EXTENSION}`;
      // Refused before a byte is written when it cannot fit: a full disk would stop the shop too (decision 0162).
      await ensureRoomForBackup({ database, uploadsDir: this.opts.uploadsDir, outDir: dir });
      const started = Date.now();
      const result = await createBackup({ database, uploadsDir: this.opts.uploadsDir, outFile: join(dir, name) });
      const manifest = await verifyBackup(result.file);
      const s = await stat(result.file);
      const status = await this.readStatus();
      status.checked[name] = { bytes: s.size, mtimeMs: s.mtimeMs, status: 'good', problem: null, createdAt: manifest.createdAt, schemaVersion: manifest.schemaVersion };
      status.lastAttempt = { at: new Date().toISOString(), ok: true, error: null, id: idOf(name), trigger };
      await this.verifyUnchecked(status);
      await this.prune(status);
      await this.writeStatus(status);
      logger().info({ trigger, file: result.file, bytes: s.size, ms: Date.now() - started }, `backup: wrote ${name}`);
      return {
        id: idOf(name),
        file_name: name,
        created_at: manifest.createdAt,
        bytes: s.size,
        status: 'good',
        problem: null,
        schema_version: manifest.schemaVersion,
      };
    } catch (err) {
      await this.recordFailure(trigger, err);
      throw Object.assign(err instanceof Error ? err : new Error(String(err)), { recorded: true });
    }
  }

  /** Files not verified yet (copied in, or from npm run db:backup) are verified before retention counts them. */
  private async verifyUnchecked(status: StatusFile) {
    for (const file of await this.files()) {
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
  private async prune(status: StatusFile) {
    const files = await this.files();
    const byId = new Map(files.map((f) => [f.id, f]));
    // Files named otherwise (before-move-*, copied in by hand) are listed but left alone.
    const plan = planRetention(
      files.filter((f) => RETAINED_ID.test(f.id)).map((f) => {
        const c = status.checked[f.name];
        return { id: f.id, createdAt: new Date(c?.createdAt ?? f.mtimeMs), status: c?.status === 'good' ? ('good' as const) : ('damaged' as const) };
      }),
      this.policy,
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
    for (const name of await readdir(this.dir!)) {
      if (!name.startsWith('packshop-') || !name.endsWith(PARTIAL_SUFFIX)) continue;
      const path = join(this.dir!, name);
      const s = await stat(path).catch(() => null);
      if (s && Date.now() - s.mtimeMs > START_STALE_MS) await unlink(path).catch(() => undefined);
    }
  }

  // --- the schedule ----------------------------------------------------------------------------

  /**
   * One backup `startDelayMs` after start when the newest good one is older than a day (or there is
   * none), then one a day at the policy's hour in the shop's time zone. Never throws; failures are
   * logged and recorded in the status file for the dashboard.
   */
  startSchedule(opts: { startDelayMs: number }): void {
    if (!this.dir || this.timer || this.stopped) return;
    this.arm(opts.startDelayMs, 'start');
    logger().info(`Backups: ${this.dir}, daily at ${String(this.policy.hour).padStart(2, '0')}:00 ${this.policy.timeZone}, keeping ${this.policy.keepDaily} daily and ${this.policy.keepWeekly} weekly`);
  }

  private arm(delayMs: number, trigger: 'start' | 'schedule') {
    if (this.stopped) return;
    this.nextRunAt = new Date(Date.now() + delayMs);
    // setTimeout holds at most about 24.8 days; a day is far below it.
    this.timer = setTimeout(() => void this.tick(trigger), delayMs);
    this.timer.unref();
  }

  private armDaily() {
    const next = nextDailyRun(new Date(), this.policy.hour, this.policy.timeZone);
    this.arm(Math.max(0, next.getTime() - Date.now()), 'schedule');
  }

  /** A scheduled run: skips when a recent enough good backup exists or another instance is writing one. */
  async tick(trigger: 'start' | 'schedule'): Promise<void> {
    this.timer = null;
    try {
      if (this.running || this.stopped) return;
      const work = this.underLock(trigger, async () => {
        const { rows } = await this.rows();
        const newest = rows.find((r) => r.status === 'good' || r.status === 'unchecked');
        const age = newest ? Date.now() - Date.parse(newest.created_at) : Infinity;
        if (age < (trigger === 'start' ? START_STALE_MS : RECENT_MS)) {
          logger().info({ trigger, newest: newest?.file_name }, 'backup: a recent backup exists; none taken now');
          return null;
        }
        return this.write(trigger);
      });
      this.running = work;
      await work;
    } catch {
      // Logged and recorded by write()/underLock(); the shop carries on.
    } finally {
      this.running = null;
      if (!this.stopped) this.armDaily();
    }
  }

  /** Stops the schedule; waits (at most `waitMs`) for a backup being written to finish. */
  async stop(waitMs = 30_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.nextRunAt = null;
    const running = this.running;
    if (running) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([running.catch(() => undefined), new Promise((r) => (timeout = setTimeout(r, waitMs)))]);
      clearTimeout(timeout);
    }
  }
}

import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { backupWarning, nextDailyRun, SHOP_TIME_ZONE } from '../../shared/domain/backups';
import { AppError, conflict, notFound } from '../../shared/errors';
import type { BackupList, BackupRow } from '../../shared/schemas/backups.schema';
import { BACKUP_EXTENSION, backupFileName, createBackup, verifyBackup } from './index';
import { BackupDirectory, idOf, message, type BackupTrigger } from './backup-directory';
import { prune, verifyUnchecked } from './backup-retention';
import { ensureRoomForBackup } from './space';
import type { Database } from '../db/client';
import { logger } from '../lib/log';

// The shop's own backups (decision 0130): the listing, a backup taken now or on the daily
// schedule. The backup directory is the source of truth (backup-directory.ts reads it; retention
// and verification are backup-retention.ts). Only one instance writes at a time (a PostgreSQL
// advisory lock), so several instances may share one directory.

/** Every instance contends for this advisory lock before it writes a backup or deletes one. */
const BACKUP_LOCK_KEY = 727_274_130;
/** A daily run skips when a good backup this recent exists (another instance sharing the directory just took one). */
const RECENT_MS = 60 * 60_000;
/** At start, a backup is taken when the newest good one is older than this. */
const START_STALE_MS = 24 * 60 * 60_000;

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

const BACKUPS_OFF = 'The shop writes no backups: BACKUP_DIR is off. Back it up with npm run db:backup (docs/deploy.md).';
const BACKUP_RUNNING = 'A backup is being written right now. Try again when it has finished.';

export class BackupCenter {
  readonly dir: string | null;
  readonly policy: BackupPolicy;
  private running: Promise<unknown> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private nextRunAt: Date | null = null;
  private stopped = false;
  private readonly folder: BackupDirectory;

  constructor(private readonly opts: BackupCenterOptions) {
    this.dir = opts.dir;
    this.folder = new BackupDirectory(opts.dir);
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

  /** The backups, newest first, with the last attempt and what the dashboard should warn about. */
  async list(now = new Date()): Promise<BackupList> {
    if (!this.dir) {
      return { enabled: false, schedule: null, running: false, last_attempt: null, newest_good_at: null, warning: null, backups: [] };
    }
    const { rows, status } = await this.folder.rows();
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
    const file = (await this.folder.files()).find((f) => f.id === id);
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
      const status = await this.folder.readStatus();
      status.lastAttempt = { at: new Date().toISOString(), ok: false, error: message(err), id: null, trigger };
      await this.folder.writeStatus(status);
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
      const status = await this.folder.readStatus();
      status.checked[name] = { bytes: s.size, mtimeMs: s.mtimeMs, status: 'good', problem: null, createdAt: manifest.createdAt, schemaVersion: manifest.schemaVersion };
      status.lastAttempt = { at: new Date().toISOString(), ok: true, error: null, id: idOf(name), trigger };
      await verifyUnchecked(this.folder, status);
      await prune(this.folder, status, this.policy);
      await this.folder.writeStatus(status);
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
        const { rows } = await this.folder.rows();
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

import { stat, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DiskDir, DiskLevel, DiskState } from '../../shared/schemas/system.schema';
import { formatBytes } from '../../shared/domain/backups';
import { logger } from './log';
import { diskFreeBytes, diskFull, diskFullErrors, diskSizeBytes } from './metrics';

// The disk the shop writes to (decision 0162). Free space of the data directory (the embedded
// database, uploaded images) and of the backup directory is sampled with fs.statfs every minute, so
// that the log, /metrics and the back office warn well before a disk fills; a write refused because
// a disk is full (server/db/errors.ts isDiskFull) is counted, logged and shown until there is room.

/** Warn when free space is under this share of the filesystem... */
const LOW_FRACTION = 0.1;
/** ... or under this many bytes, whichever comes first. */
const LOW_BYTES = 1024 ** 3;
/** Under this, the disk counts as full even before a write fails (PostgreSQL needs room for its next WAL segment, 16 MB). */
const FULL_BYTES = 32 * 1024 ** 2;
/** A disk-full error is shown this long unless a sample shows room again first (a database server we cannot see). */
const FULL_HOLD_MS = 5 * 60_000;
const CHECK_EVERY_MS = 60_000;
/** While writes fail, one log line per this interval (with how many were not logged): the log may be on the same disk. */
const LOG_EVERY_MS = 30_000;
const LOW_REMINDER_MS = 60 * 60_000;

export interface DiskSpaceOptions {
  dirs: { dir: DiskDir; path: string }[];
  /** The database's files are under the data directory (the embedded server): room there clears a database disk-full. */
  databaseOnDataDisk: boolean;
  intervalMs?: number;
  lowFraction?: number;
  lowBytes?: number;
}

interface Sample {
  freeBytes: number;
  sizeBytes: number;
  at: number;
}

type Source = 'database' | 'files';

const DIR_NAME: Record<DiskDir, string> = { data: 'data directory', backups: 'backup directory' };

/** statfs needs a path that exists: a backup directory not created yet is on its parent's filesystem. */
async function existingAncestor(path: string): Promise<string> {
  let p = path;
  for (;;) {
    try {
      await stat(p);
      return p;
    } catch {
      const up = dirname(p);
      if (up === p) return p;
      p = up;
    }
  }
}

/** The errno code somewhere in the cause chain, when the failed write was a file the shop wrote itself. */
function sourceOf(err: unknown): Source {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return 'files';
  }
  return 'database';
}

const percent = (s: Sample) => (s.sizeBytes > 0 ? Math.round((s.freeBytes / s.sizeBytes) * 100) : 0);

export class DiskSpace {
  private opts: DiskSpaceOptions | null = null;
  private samples = new Map<DiskDir, Sample>();
  private lastFull: { at: number; source: Source } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private loggedLevel: DiskLevel = 'ok';
  private lowLoggedAt = 0;
  private errorLoggedAt = 0;
  private suppressed = 0;

  /** Samples now and every minute (an unref'd timer: it never keeps the process alive). Returns the stop. */
  start(opts: DiskSpaceOptions): () => void {
    this.stop();
    this.opts = opts;
    void this.check();
    this.timer = setInterval(() => void this.check(), opts.intervalMs ?? CHECK_EVERY_MS);
    this.timer.unref();
    return () => this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Forgets every sample and error (tests). */
  reset(): void {
    this.stop();
    this.opts = null;
    this.samples.clear();
    this.lastFull = null;
    this.loggedLevel = 'ok';
    this.lowLoggedAt = this.errorLoggedAt = this.suppressed = 0;
    diskFull.set(0);
  }

  /** Samples every watched directory's filesystem, updates the gauges and logs a change of level. */
  check(): Promise<void> {
    this.checking ??= this.sample().finally(() => (this.checking = null));
    return this.checking;
  }

  private async sample(): Promise<void> {
    for (const { dir, path } of this.opts?.dirs ?? []) {
      try {
        const s = await statfs(await existingAncestor(path));
        const sample = { freeBytes: s.bavail * s.bsize, sizeBytes: s.blocks * s.bsize, at: Date.now() };
        this.samples.set(dir, sample);
        diskFreeBytes.set({ dir }, sample.freeBytes);
        diskSizeBytes.set({ dir }, sample.sizeBytes);
      } catch (err) {
        logger().warn({ err, dir }, `disk space: could not read the free space of the ${DIR_NAME[dir]}`);
      }
    }
    this.logLevel();
  }

  /**
   * A write was refused because a disk is full: counted, shown in the back office and /api/ready,
   * and logged (at most once per 30 s, with the number not logged meanwhile). The edges call this
   * where they answer the 503 (server/rest/errors.ts, server/trpc/http.ts).
   */
  noteFull(err: unknown, where: string, requestId?: string): void {
    const source = sourceOf(err);
    diskFullErrors.inc({ source });
    this.lastFull = { at: Date.now(), source };
    diskFull.set(1);
    const now = Date.now();
    if (now - this.errorLoggedAt < LOG_EVERY_MS) {
      this.suppressed++;
    } else {
      const place = source === 'files' ? 'the disk the shop writes its files to' : 'the database server';
      logger().error(
        { err, where, req_id: requestId, cause: 'disk_full', source, not_logged_since_last: this.suppressed },
        `disk full: ${place} has no space left; writes answer 503 until space is freed (${where})`,
      );
      this.errorLoggedAt = now;
      this.suppressed = 0;
    }
    // A fresh sample for the gauge and for knowing when room is back.
    if (this.opts && now - Math.max(0, ...[...this.samples.values()].map((s) => s.at)) > 5_000) void this.check();
  }

  /** Whether a disk-full error still stands: not older than 5 minutes, and no sample since shows room on its disk. */
  private fullNow(now: number): boolean {
    const full = this.lastFull;
    if (!full) return false;
    if (now - full.at > FULL_HOLD_MS) return this.clearFull('no disk-full error for 5 minutes');
    // A database server elsewhere (DATABASE_URL) is not on a disk the shop can see: only time clears it.
    const visible = full.source === 'files' || this.opts?.databaseOnDataDisk ? [...this.samples.entries()] : [];
    const relevant = full.source === 'database' ? visible.filter(([dir]) => dir === 'data') : visible;
    if (relevant.length > 0 && relevant.every(([, s]) => s.at > full.at && s.freeBytes >= FULL_BYTES)) return this.clearFull('there is free space again');
    return true;
  }

  private clearFull(why: string): false {
    this.lastFull = null;
    diskFull.set(0);
    logger().info({ cause: 'disk_full' }, `disk full: cleared (${why}); writes are accepted again`);
    return false;
  }

  private lowDirs(): [DiskDir, Sample][] {
    const fraction = this.opts?.lowFraction ?? LOW_FRACTION;
    const bytes = this.opts?.lowBytes ?? LOW_BYTES;
    return [...this.samples.entries()].filter(([, s]) => s.freeBytes < s.sizeBytes * fraction || s.freeBytes < bytes);
  }

  private logLevel(): void {
    const { level } = this.status();
    const now = Date.now();
    if (level === 'low' && (this.loggedLevel !== 'low' || now - this.lowLoggedAt > LOW_REMINDER_MS)) {
      for (const [dir, s] of this.lowDirs()) {
        logger().warn(
          { cause: 'disk_low', dir, free_bytes: s.freeBytes, size_bytes: s.sizeBytes },
          `disk space low: the ${DIR_NAME[dir]} has ${formatBytes(s.freeBytes)} free of ${formatBytes(s.sizeBytes)} (${percent(s)} % free); free space before it fills`,
        );
      }
      this.lowLoggedAt = now;
    } else if (level === 'ok' && this.loggedLevel !== 'ok') {
      logger().info({ cause: 'disk_low' }, 'disk space: enough free space again');
    }
    this.loggedLevel = level;
  }

  /** The state the back office shows and /api/ready reports: no paths, figures and a sentence for the owner. */
  status(now = Date.now()): DiskState {
    const disks = [...this.samples.entries()].map(([dir, s]) => ({ dir, free_bytes: s.freeBytes, size_bytes: s.sizeBytes, checked_at: new Date(s.at).toISOString() }));
    const nearlyEmpty = [...this.samples.entries()].find(([, s]) => s.freeBytes < FULL_BYTES);
    if (this.fullNow(now) || nearlyEmpty) {
      const onDatabase = this.lastFull?.source === 'database' && !this.opts?.databaseOnDataDisk;
      const message = onDatabase
        ? "The database server's disk is full: orders, sign-ups and changes cannot be saved. Free space on the database server or give it a larger disk; the shop carries on by itself once there is room."
        : `The shop's disk is full${nearlyEmpty ? ` (the ${DIR_NAME[nearlyEmpty[0]]} has ${formatBytes(nearlyEmpty[1].freeBytes)} free)` : ''}: orders, sign-ups and changes cannot be saved. Free space on the server (old backups, logs) or give it a larger disk; the shop carries on by itself once there is room.`;
      return { level: 'full', message, disks };
    }
    const low = this.lowDirs();
    if (low.length > 0) {
      const [dir, s] = low[0];
      return {
        level: 'low',
        message: `The ${DIR_NAME[dir]}'s disk is almost full: ${formatBytes(s.freeBytes)} free of ${formatBytes(s.sizeBytes)} (${percent(s)} % free). Free space or give it a larger disk soon: when it is full, orders and changes cannot be saved${dir === 'backups' ? ' and backups stop' : ''}.`,
        disks,
      };
    }
    return { level: 'ok', message: null, disks };
  }
}

/** The process's one watch (like its metrics registry): started by server/index.ts, read by the edges and the back office. */
export const diskSpace = new DiskSpace();

// Pure rules for the shop's own backups (decision 0130): which files to keep, when the
// next daily backup is due, and when the dashboard warns. The server applies them to the files in
// BACKUP_DIR; nothing here touches a disk or a clock.

/** The shop's time zone: dates on invoices and in the back office, and the hour of the daily backup. */
export { SHOP_TIME_ZONE } from './shop-time';

/** The dashboard warns when the newest good backup is older than this. */
const BACKUP_STALE_HOURS = 36;

/** A backup on disk, as retention sees it. `damaged`: its checksum or manifest did not verify. */
export interface RetainedBackup {
  id: string;
  createdAt: Date;
  status: 'good' | 'damaged';
}

export interface RetentionPolicy {
  keepDaily: number;
  keepWeekly: number;
  timeZone: string;
}

export interface RetentionPlan {
  /** Good backups kept: the newest of each of the last `keepDaily` days that have one, then weeklies. */
  keep: string[];
  /** Good backups that may be deleted. Damaged files are never in it (they stay for a person to look at). */
  remove: string[];
}

const partsCache = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    partsCache.set(timeZone, f);
  }
  return f;
}

/** The wall-clock date and time of an instant in a time zone. */
function localParts(at: Date, timeZone: string) {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(at)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year, month: out.month, day: out.day, hour: out.hour % 24, minute: out.minute, second: out.second };
}

/** The local calendar day of an instant, as YYYY-MM-DD. */
export function localDay(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The ISO 8601 week (Monday first; week 1 holds the year's first Thursday) of an instant's local day, as YYYY-Www. */
export function isoWeek(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  const date = new Date(Date.UTC(p.year, p.month - 1, p.day));
  const weekday = date.getUTCDay() || 7; // Monday 1 .. Sunday 7
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday of this week decides its year
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Which backups to keep. Among good backups, newest first: the newest of each local day until
 * `keepDaily` days are kept; then, among good backups of ISO weeks older than the week of the
 * oldest daily one, the newest of each week until `keepWeekly` weeks are kept. The newest good
 * backup is always kept (even with keepDaily 0). Damaged backups are neither kept nor removed.
 */
export function planRetention(backups: readonly RetainedBackup[], policy: RetentionPolicy): RetentionPlan {
  const good = backups.filter((b) => b.status === 'good').sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const keep = new Set<string>();
  if (good.length) keep.add(good[0].id);

  const days = new Set<string>();
  let oldestDaily: RetainedBackup | null = good[0] ?? null;
  for (const b of good) {
    if (days.size >= policy.keepDaily) break;
    const day = localDay(b.createdAt, policy.timeZone);
    if (days.has(day)) continue;
    days.add(day);
    keep.add(b.id);
    oldestDaily = b;
  }

  if (oldestDaily) {
    const dailyWeek = isoWeek(oldestDaily.createdAt, policy.timeZone);
    const weeks = new Set<string>();
    for (const b of good) {
      if (weeks.size >= policy.keepWeekly) break;
      const week = isoWeek(b.createdAt, policy.timeZone);
      // ISO week labels (YYYY-Www) sort in time order.
      if (week >= dailyWeek || weeks.has(week)) continue;
      weeks.add(week);
      keep.add(b.id);
    }
  }

  return { keep: good.filter((b) => keep.has(b.id)).map((b) => b.id), remove: good.filter((b) => !keep.has(b.id)).map((b) => b.id) };
}

/** The instant at which a wall-clock time in a time zone happens (the later one if it happens twice, the hour after if skipped). */
function zonedInstant(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wanted = Date.UTC(year, month - 1, day, hour);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const p = localParts(new Date(guess), timeZone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** The next instant strictly after `now` at which it is `hour`:00 in the time zone. */
export function nextDailyRun(now: Date, hour: number, timeZone: string): Date {
  const p = localParts(now, timeZone);
  for (let offset = 0; offset < 3; offset++) {
    const d = new Date(Date.UTC(p.year, p.month - 1, p.day + offset));
    const at = zonedInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), hour, timeZone);
    if (at.getTime() > now.getTime()) return at;
  }
  return new Date(now.getTime() + 86_400_000);
}

export interface BackupHealthInput {
  /** False when BACKUP_DIR=off: the owner backs the shop up another way; no warning. */
  enabled: boolean;
  newestGoodAt: Date | null;
  lastAttempt: { at: Date; ok: boolean; error: string | null } | null;
  now: Date;
}

export type BackupWarning = { kind: 'failed' | 'stale' | 'none'; message: string } | null;

/** What the dashboard tells an admin: the last backup failed, the newest good one is over 36 hours old, or there is none. */
export function backupWarning(input: BackupHealthInput): BackupWarning {
  if (!input.enabled) return null;
  if (input.lastAttempt && !input.lastAttempt.ok) {
    return { kind: 'failed', message: `The last backup failed: ${input.lastAttempt.error ?? 'unknown error'}` };
  }
  if (!input.newestGoodAt) return { kind: 'none', message: 'The shop has no good backup yet.' };
  const hours = (input.now.getTime() - input.newestGoodAt.getTime()) / 3_600_000;
  if (hours > BACKUP_STALE_HOURS) return { kind: 'stale', message: `The newest good backup is ${Math.floor(hours)} hours old.` };
  return null;
}

/** A file size as people read it: 812 B, 45.2 KB, 3.1 MB, 1.2 GB (1 KB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** How long ago: "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function formatAge(from: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} days ago`;
}

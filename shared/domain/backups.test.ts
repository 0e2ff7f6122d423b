import { describe, expect, it } from 'vitest';
import { backupWarning, formatAge, formatBytes, isoWeek, localDay, nextDailyRun, planRetention, SHOP_TIME_ZONE, type RetainedBackup } from './backups';

const SG = SHOP_TIME_ZONE;
const policy = { keepDaily: 7, keepWeekly: 4, timeZone: SG };
/** A backup at a Singapore wall-clock time (UTC+8, no daylight saving). */
const at = (local: string) => new Date(`${local}+08:00`);
const b = (id: string, local: string, status: RetainedBackup['status'] = 'good'): RetainedBackup => ({ id, createdAt: at(local), status });

describe('localDay and isoWeek', () => {
  it('use the shop time zone, not UTC', () => {
    // 23:30 UTC on the 25th is 07:30 on the 26th in Singapore.
    expect(localDay(new Date('2026-11-25T23:30:00Z'), SG)).toBe('2026-11-26');
    expect(localDay(new Date('2026-11-25T23:30:00Z'), 'UTC')).toBe('2026-11-25');
  });
  it('numbers ISO weeks across a year end (Monday first, week 1 holds the first Thursday)', () => {
    expect(isoWeek(at('2026-11-26T12:00:00'), SG)).toBe('2026-W48');
    expect(isoWeek(at('2021-01-03T12:00:00'), SG)).toBe('2020-W53'); // a Sunday belonging to the last week of 2020
    expect(isoWeek(at('2024-12-30T12:00:00'), SG)).toBe('2025-W01'); // a Monday belonging to 2025
    expect(isoWeek(at('2026-11-23T00:00:00'), SG)).toBe('2026-W48'); // Monday starts the week
    expect(isoWeek(at('2026-11-22T23:59:59'), SG)).toBe('2026-W47');
  });
});

describe('planRetention', () => {
  it('keeps everything when there are fewer backups than the policy allows', () => {
    const plan = planRetention([b('a', '2026-11-26T03:00:00'), b('b', '2026-11-25T03:00:00')], policy);
    expect(plan.keep.sort()).toEqual(['a', 'b']);
    expect(plan.remove).toEqual([]);
  });

  it('keeps the newest backup of each of the last 7 days, then the newest of each of 4 older ISO weeks', () => {
    // One backup a day at 03:00 for 60 days ending Thursday 2026-11-26, plus a second one on the last day.
    const list: RetainedBackup[] = [];
    for (let i = 0; i < 60; i++) {
      const d = new Date(Date.UTC(2026, 10, 26 - i));
      list.push(b(`d${i}`, `${d.toISOString().slice(0, 10)}T03:00:00`));
    }
    list.push(b('manual', '2026-11-26T15:00:00'));
    const plan = planRetention(list, policy);
    const kept = new Set(plan.keep);
    // Daily: the manual one (newest of the 26th, not d0) and d1..d6 (25th back to the 20th).
    expect(kept.has('manual')).toBe(true);
    expect(kept.has('d0')).toBe(false);
    for (let i = 1; i <= 6; i++) expect(kept.has(`d${i}`)).toBe(true);
    // The oldest daily is Friday the 20th (week 47); weeklies are the Sundays ending weeks 46, 45, 44, 43
    // (15 and 8 November, 1 November, 25 October).
    expect(['d11', 'd18', 'd25', 'd32'].every((id) => kept.has(id))).toBe(true);
    expect(plan.keep).toHaveLength(11);
    expect(plan.remove).toHaveLength(list.length - 11);
    // Monday-to-Thursday of week 47 (the 16th to 19th) are not weeklies: week 47 holds a daily backup.
    for (let i = 7; i <= 10; i++) expect(kept.has(`d${i}`)).toBe(false);
  });

  it('counts days in the shop time zone: two backups on one Singapore day are one daily slot', () => {
    // 2026-11-25T17:00Z and 2026-11-25T23:00Z are both the 26th in Singapore (01:00 and 07:00).
    const list = [
      { id: 'late', createdAt: new Date('2026-11-25T23:00:00Z'), status: 'good' as const },
      { id: 'early', createdAt: new Date('2026-11-25T17:00:00Z'), status: 'good' as const },
      { id: 'before', createdAt: new Date('2026-11-25T15:00:00Z'), status: 'good' as const }, // 23:00 on the 25th
    ];
    const plan = planRetention(list, { keepDaily: 1, keepWeekly: 0, timeZone: SG });
    expect(plan.keep).toEqual(['late']);
    expect(plan.remove.sort()).toEqual(['before', 'early']);
    const utc = planRetention(list, { keepDaily: 1, keepWeekly: 0, timeZone: 'UTC' });
    expect(utc.keep).toEqual(['late']);
    expect(utc.remove.sort()).toEqual(['before', 'early']);
    const twoDaysSg = planRetention(list, { keepDaily: 2, keepWeekly: 0, timeZone: SG });
    expect(twoDaysSg.keep).toEqual(['late', 'before']);
  });

  it('never removes a damaged file and never counts it as a kept backup', () => {
    const list = [
      b('broken-newest', '2026-11-26T03:00:00', 'damaged'),
      b('good1', '2026-11-25T03:00:00'),
      b('good2', '2026-11-24T03:00:00'),
      b('broken-old', '2026-10-01T03:00:00', 'damaged'),
    ];
    const plan = planRetention(list, { keepDaily: 1, keepWeekly: 0, timeZone: SG });
    expect(plan.keep).toEqual(['good1']);
    expect(plan.remove).toEqual(['good2']);
    expect([...plan.keep, ...plan.remove]).not.toContain('broken-newest');
    expect([...plan.keep, ...plan.remove]).not.toContain('broken-old');
  });

  it('always keeps the newest good backup, even with no daily or weekly slots', () => {
    const plan = planRetention([b('old', '2026-11-20T03:00:00'), b('new', '2026-11-26T03:00:00')], { keepDaily: 0, keepWeekly: 0, timeZone: SG });
    expect(plan.keep).toEqual(['new']);
    expect(plan.remove).toEqual(['old']);
  });

  it('removes nothing from an empty or all-damaged directory', () => {
    expect(planRetention([], policy)).toEqual({ keep: [], remove: [] });
    expect(planRetention([b('x', '2026-11-26T03:00:00', 'damaged')], policy)).toEqual({ keep: [], remove: [] });
  });

  it('does not depend on the order it is given the backups in', () => {
    const list = [b('a', '2026-11-26T03:00:00'), b('b', '2026-11-26T04:00:00'), b('c', '2026-11-10T03:00:00'), b('d', '2026-11-09T03:00:00')];
    const one = planRetention(list, { keepDaily: 1, keepWeekly: 1, timeZone: SG });
    const two = planRetention([...list].reverse(), { keepDaily: 1, keepWeekly: 1, timeZone: SG });
    expect(one).toEqual(two);
    expect(one.keep).toEqual(['b', 'c']);
  });
});

describe('nextDailyRun', () => {
  it('is today at the hour when that is still ahead, otherwise tomorrow (Singapore time)', () => {
    expect(nextDailyRun(at('2026-11-26T02:59:00'), 3, SG).toISOString()).toBe(at('2026-11-26T03:00:00').toISOString());
    expect(nextDailyRun(at('2026-11-26T03:00:00'), 3, SG).toISOString()).toBe(at('2026-11-27T03:00:00').toISOString());
    expect(nextDailyRun(at('2026-11-26T15:00:00'), 3, SG).toISOString()).toBe(at('2026-11-27T03:00:00').toISOString());
    expect(nextDailyRun(at('2026-12-31T23:30:00'), 0, SG).toISOString()).toBe(at('2027-01-01T00:00:00').toISOString());
  });
  it('follows daylight saving in a zone that has it', () => {
    // New York moves from EDT (UTC-4) to EST (UTC-5) on 2026-11-01.
    expect(nextDailyRun(new Date('2026-10-31T12:00:00Z'), 3, 'America/New_York').toISOString()).toBe('2026-11-01T08:00:00.000Z');
    expect(nextDailyRun(new Date('2026-10-30T12:00:00Z'), 3, 'America/New_York').toISOString()).toBe('2026-10-31T07:00:00.000Z');
  });
});

describe('backupWarning', () => {
  const now = at('2026-11-26T12:00:00');
  const ok = { at: at('2026-11-26T03:00:00'), ok: true, error: null };
  it('says nothing when the newest good backup is at most 36 hours old and the last one worked', () => {
    expect(backupWarning({ enabled: true, newestGoodAt: at('2026-11-25T00:00:00'), lastAttempt: ok, now })).toBeNull();
  });
  it('warns when the newest good backup is older than 36 hours', () => {
    expect(backupWarning({ enabled: true, newestGoodAt: at('2026-11-24T23:59:00'), lastAttempt: ok, now })).toMatchObject({ kind: 'stale', message: 'The newest good backup is 36 hours old.' });
  });
  it('warns when the last attempt failed, however recent the last good one', () => {
    const failed = { at: now, ok: false, error: 'No space left on device' };
    expect(backupWarning({ enabled: true, newestGoodAt: now, lastAttempt: failed, now })).toEqual({ kind: 'failed', message: 'The last backup failed: No space left on device' });
  });
  it('warns when there is no good backup at all, and never when backups are off', () => {
    expect(backupWarning({ enabled: true, newestGoodAt: null, lastAttempt: null, now })?.kind).toBe('none');
    expect(backupWarning({ enabled: false, newestGoodAt: null, lastAttempt: null, now })).toBeNull();
  });
});

describe('formatBytes and formatAge', () => {
  it('reads sizes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3.25 * 1024 * 1024)).toBe('3.3 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GB');
  });
  it('says how long ago, never negative', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(formatAge(new Date('2026-11-26T12:00:30Z'), now)).toBe('just now');
    expect(formatAge(new Date('2026-11-26T11:59:00Z'), now)).toBe('1 minute ago');
    expect(formatAge(new Date('2026-11-26T09:00:00Z'), now)).toBe('3 hours ago');
    expect(formatAge(new Date('2026-11-24T13:00:00Z'), now)).toBe('47 hours ago');
    expect(formatAge(new Date('2026-11-20T12:00:00Z'), now)).toBe('6 days ago');
  });
});

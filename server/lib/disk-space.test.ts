import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskSpace } from './disk-space';
import { buildLogger, logger, setLogger } from './log';
import { registry } from './metrics';

// The watch's levels on a real directory: thresholds pushed up or down to make this disk "low" or
// not, and disk-full errors cleared by room on a visible disk or only by time on a database elsewhere.
const dir = mkdtempSync(join(tmpdir(), 'packshop-disk-'));
const lines: { level: number; msg: string; cause?: string }[] = [];
const original = logger();
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
const pg53100 = () => Object.assign(new Error('could not extend file "base/1/2": No space left on device'), { code: '53100' });
let watch: DiskSpace;

beforeEach(() => {
  lines.length = 0;
  setLogger(buildLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) }));
  watch = new DiskSpace();
});
afterEach(() => {
  watch.reset();
  setLogger(original);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('DiskSpace', () => {
  it('is ok with room, and low (logged once, shown without a path) under the threshold', async () => {
    watch.start({ dirs: [{ dir: 'data', path: dir }], databaseOnDataDisk: true, lowFraction: 0, lowBytes: 0 });
    await watch.check();
    expect(watch.status()).toMatchObject({ level: 'ok', message: null, disks: [{ dir: 'data', free_bytes: expect.any(Number), size_bytes: expect.any(Number) }] });
    expect(await registry.getSingleMetricAsString('packshop_disk_free_bytes')).toMatch(/dir="data"} [1-9]/);

    watch.start({ dirs: [{ dir: 'data', path: dir }, { dir: 'backups', path: join(dir, 'not', 'made', 'yet') }], databaseOnDataDisk: true, lowFraction: 1.01, lowBytes: 0 });
    await watch.check();
    await watch.check();
    const state = watch.status();
    expect(state.level).toBe('low');
    expect(state.message).toMatch(/^The data directory's disk is almost full: .* free of .* \(\d+ % free\)/);
    expect(state.message).not.toContain(dir);
    const warnings = lines.filter((l) => l.cause === 'disk_low');
    expect(warnings.map((l) => l.level)).toEqual([40, 40]); // one line per low directory, not one per check
  });

  it('is full after a disk-full error, until a sample of that disk shows room again', async () => {
    watch.start({ dirs: [{ dir: 'data', path: dir }], databaseOnDataDisk: true, lowFraction: 0, lowBytes: 0 });
    await watch.check();
    watch.noteFull(enospc(), 'upload');
    watch.noteFull(enospc(), 'upload');
    expect(watch.status().level).toBe('full');
    expect(watch.status().message).toMatch(/^The shop's disk is full: orders, sign-ups and changes cannot be saved\./);
    expect(await registry.getSingleMetricAsString('packshop_disk_full')).toMatch(/packshop_disk_full 1/);
    // One error line for both (the second within 30 s is counted, not logged).
    expect(lines.filter((l) => l.level === 50).map((l) => l.cause)).toEqual(['disk_full']);
    await new Promise((r) => setTimeout(r, 5));
    await watch.check();
    expect(watch.status().level).toBe('ok');
    expect(lines.some((l) => /disk full: cleared/.test(l.msg))).toBe(true);
    expect(await registry.getSingleMetricAsString('packshop_disk_full')).toMatch(/packshop_disk_full 0/);
  });

  it("keeps a database server's full disk (DATABASE_URL, not a disk it can see) until the errors stop", async () => {
    watch.start({ dirs: [{ dir: 'data', path: dir }], databaseOnDataDisk: false, lowFraction: 0, lowBytes: 0 });
    watch.noteFull(pg53100(), 'tRPC orders.place');
    await new Promise((r) => setTimeout(r, 5));
    await watch.check();
    expect(watch.status()).toMatchObject({ level: 'full', message: expect.stringMatching(/^The database server's disk is full/) });
    expect(watch.status(Date.now() + 6 * 60_000).level).toBe('ok');
    expect(await registry.getSingleMetricAsString('packshop_disk_full_errors_total')).toMatch(/source="database"} [1-9]/);
  });
});

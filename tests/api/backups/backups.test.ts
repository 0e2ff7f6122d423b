import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BackupCenter } from '../../../server/backups/center';
import { STATUS_FILE } from '../../../server/backups/backup-directory';
import { readBackupManifest } from '../../../server/backups/index';
import { openPostgres } from '../../../server/db/client';
import { buildLogger, logger, setLogger } from '../../../server/lib/log';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The shop's own backups through both doors: who may list, take and download them (admins, and API
// keys with backups:read / backups:write), that a download is the file the listing names and never
// a path the caller makes up, retention after each backup, and failures recorded for the dashboard.

let t: TestApp;
/** Every directory this file makes sits under one, removed at the end (with the file planted "outside"). */
let root: string;
let dir: string;
let tokens: Record<'customer' | 'staff' | 'admin', string>;
let keys: { read: string; write: string; others: string };
const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');
const trpcCode = async (p: Promise<unknown>) => p.then(() => 'OK', (e: { code?: string }) => e.code ?? 'THROWN');

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'packshop-backups-test-'));
  t = await createTestApp();
  tokens = {
    customer: (await createUser(t.deps)).token,
    staff: (await createUser(t.deps, { role: 'staff' })).token,
    admin: (await createUser(t.deps, { role: 'admin' })).token,
  };
  const key = async (scopes: string[]) => {
    const res = await t.api('POST', '/admin/api-keys', { token: tokens.admin, body: { name: scopes.join(' ').slice(0, 80), scopes } });
    expect(res.status).toBe(200);
    return res.body.secret as string;
  };
  keys = {
    read: await key(['backups:read']),
    write: await key(['backups:write']),
    others: await key(['catalog:read', 'catalog:write', 'orders:read', 'orders:write', 'settings:read', 'settings:write']),
  };
});
afterAll(async () => {
  await t.deps.backups.stop();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.deps.backups.stop();
  dir = mkdtempSync(join(root, 'backups-'));
  t.deps.backups = new BackupCenter({ dir, database: t.database, uploadsDir: t.uploadsDir });
});

const files = () => readdirSync(dir).filter((f) => f.endsWith('.tar.gz')).sort();

describe('taking and listing backups', () => {
  it('starts empty with a warning, takes one over tRPC and one over REST; the second replaces the first of the same day', async () => {
    const empty = await t.caller({ token: tokens.admin }).admin.backups.list();
    expect(empty).toMatchObject({ enabled: true, backups: [], last_attempt: null, warning: { kind: 'none' } });
    expect(empty.schedule).toMatchObject({ hour: 3, time_zone: 'Asia/Singapore', keep_daily: 7, keep_weekly: 4 });

    const first = await t.caller({ token: tokens.admin }).admin.backups.create({});
    expect(first).toMatchObject({ status: 'good', problem: null, file_name: `${first.id}.tar.gz` });
    expect(first.bytes).toBeGreaterThan(0);
    const manifest = await readBackupManifest(join(dir, first.file_name));
    expect(manifest.createdAt).toBe(first.created_at);
    expect(manifest.rowCounts.User).toBeGreaterThanOrEqual(3);

    const second = await t.api('POST', '/admin/backups', { token: tokens.admin, body: {} });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: 'good' });
    expect(second.body.id).not.toBe(first.id);

    // Retention keeps the newest backup of each day: the first one of today is gone.
    const list = await t.api('GET', '/admin/backups', { token: tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body.backups.map((b: { id: string }) => b.id)).toEqual([second.body.id]);
    expect(list.body).toMatchObject({ warning: null, running: false, last_attempt: { ok: true, trigger: 'manual', id: second.body.id, error: null } });
    expect(list.body.newest_good_at).toBe(second.body.created_at);
    expect(files()).toEqual([second.body.file_name]);

    // A file copied into the directory is listed at once, as not verified yet (only its manifest was read).
    const older = 'packshop-20261101-030000Z.tar.gz';
    writeFileSync(join(dir, older), readFileSync(join(dir, second.body.file_name)));
    const withOlder = await t.caller({ token: tokens.admin }).admin.backups.list();
    expect(withOlder.backups.map((b) => [b.file_name, b.status])).toEqual([
      [second.body.file_name, 'good'],
      [older, 'unchecked'],
    ]);
  });

  it('downloads the very file the listing names, as an attachment, over REST', async () => {
    const row = await t.caller({ token: tokens.admin }).admin.backups.create({});
    const res = await fetch(`${t.baseUrl}/api/admin/backups/${row.id}/download`, { headers: { authorization: `Bearer ${tokens.admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${row.file_name}"`);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(row.bytes);
    expect(sha(body)).toBe(sha(readFileSync(join(dir, row.file_name))));
  });

  it('keeps the policy: with one daily and no weekly slot, each backup replaces the last, and a damaged file is never deleted', async () => {
    t.deps.backups = new BackupCenter({ dir, database: t.database, uploadsDir: t.uploadsDir, policy: { keepDaily: 1, keepWeekly: 0 } });
    const admin = t.caller({ token: tokens.admin });
    const a = await admin.admin.backups.create({});
    // A damaged file beside it: the first half of a real backup, under a backup's name.
    const damagedName = 'packshop-20200101-000000Z.tar.gz';
    const full = readFileSync(join(dir, a.file_name));
    writeFileSync(join(dir, damagedName), full.subarray(0, Math.floor(full.length / 2)));
    // A good backup under a name the shop does not give (npm run db:move's safety copy): never deleted.
    const keptName = 'before-move-20200101-000000Z.tar.gz';
    writeFileSync(join(dir, keptName), full);
    const b = await admin.admin.backups.create({});
    expect(files()).toEqual([damagedName, b.file_name, keptName].sort());
    const list = await admin.admin.backups.list();
    expect(Object.fromEntries(list.backups.map((r) => [r.id, r.status]))).toEqual({
      [b.id]: 'good',
      'before-move-20200101-000000Z': 'good',
      'packshop-20200101-000000Z': 'damaged',
    });
    expect(list.backups[0].id).toBe(b.id);
    expect(list.backups.find((r) => r.status === 'damaged')?.problem).toEqual(expect.any(String));
    // The status file beside the backups records what was verified.
    const status = JSON.parse(readFileSync(join(dir, STATUS_FILE), 'utf8'));
    expect(status.checked[damagedName].status).toBe('damaged');
    expect(status.lastAttempt).toMatchObject({ ok: true, id: b.id });
  });
});

describe('who may reach backups', () => {
  it('answers anonymous 401, customers and staff 403 on both doors', async () => {
    await t.caller({ token: tokens.admin }).admin.backups.create({});
    const [row] = (await t.caller({ token: tokens.admin }).admin.backups.list()).backups;
    for (const [who, token, status, code] of [
      ['anonymous', null, 401, 'UNAUTHORIZED'],
      ['customer', tokens.customer, 403, 'FORBIDDEN'],
      ['staff', tokens.staff, 403, 'FORBIDDEN'],
    ] as const) {
      const caller = t.caller({ token });
      expect(await trpcCode(caller.admin.backups.list()), who).toBe(code);
      expect(await trpcCode(caller.admin.backups.create({})), who).toBe(code);
      for (const [method, path] of [['GET', '/admin/backups'], ['POST', '/admin/backups'], ['GET', `/admin/backups/${row.id}/download`]]) {
        const res = await t.api(method, path, { token, body: method === 'POST' ? {} : undefined });
        expect(res.status, `${who} ${method} ${path}`).toBe(status);
        expect(res.body.detail).toEqual(expect.any(String));
      }
    }
    expect(files()).toHaveLength(1);
  });

  it('lets a key with backups:read list and download, backups:write take one, and no other scope', async () => {
    const taken = await t.api('POST', '/admin/backups', { token: keys.write, body: {} });
    expect(taken.status).toBe(200);
    expect((await t.api('POST', '/admin/backups', { token: keys.read, body: {} })).body).toMatchObject({ detail: 'This API key lacks the scope backups:write.' });
    expect((await t.api('GET', '/admin/backups', { token: keys.write })).status).toBe(403);

    const list = await t.api('GET', '/admin/backups', { token: keys.read });
    expect(list.status).toBe(200);
    expect(list.body.backups[0].id).toBe(taken.body.id);
    const download = await t.api('GET', `/admin/backups/${taken.body.id}/download`, { token: keys.read });
    expect(download.status).toBe(200);
    const denied = await t.api('GET', `/admin/backups/${taken.body.id}/download`, { token: keys.write });
    expect(denied).toMatchObject({ status: 403, body: { detail: 'This API key lacks the scope backups:read.' } });

    for (const [method, path] of [['GET', '/admin/backups'], ['POST', '/admin/backups'], ['GET', `/admin/backups/${taken.body.id}/download`]]) {
      expect((await t.api(method, path, { token: keys.others, body: method === 'POST' ? {} : undefined })).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('a download is looked up by id, never by a path from the caller', () => {
  it('refuses traversal, other files of the directory, odd and oversized ids', async () => {
    const row = await t.caller({ token: tokens.admin }).admin.backups.create({});
    // A backup-looking file outside the directory, and a file inside it that is not a backup.
    writeFileSync(join(dir, '..', `outside-${row.id}.tar.gz`), 'secret');
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    const get = (id: string) => t.api('GET', `/admin/backups/${id}/download`, { token: tokens.admin });
    for (const id of [
      `..%2Foutside-${row.id}`,
      `..%2F..%2F..%2Fetc%2Fpasswd`,
      '%2Fetc%2Fpasswd',
      `${row.id}.tar.gz`,
      `${row.id}%00`,
      'notes',
      'backup-status',
      'a'.repeat(101),
      '.hidden',
      '%20',
    ]) {
      const res = await get(id);
      expect([400, 404], `${id}: ${res.status}`).toContain(res.status);
      expect(res.body.detail, id).toEqual(expect.any(String));
    }
    expect((await get('packshop-19990101-000000Z')).body.detail).toBe('No backup with that id');
    // A file whose name is not one the shop gives is neither listed nor served.
    writeFileSync(join(dir, 'my backup.tar.gz'), readFileSync(join(dir, row.file_name)));
    const listed = (await t.caller({ token: tokens.admin }).admin.backups.list()).backups.map((b) => b.file_name);
    expect(listed).toEqual([row.file_name]);
    expect((await get('my%20backup')).status).toBe(400);
  });
});

describe('failures and the one writer', () => {
  it('records a failed backup for the dashboard, and the manual call says why', async () => {
    const admin = new URL(t.database.url);
    admin.pathname = '/packshop_no_such_database';
    const missing = await openPostgres(admin.toString(), 1);
    // The failure is logged as an error (captured here instead of failing the test as console.error).
    const lines: { level: number; msg: string }[] = [];
    const previous = logger();
    setLogger(buildLogger('warn', { write: (line: string) => void lines.push(JSON.parse(line)) }));
    try {
      t.deps.backups = new BackupCenter({ dir, database: missing });
      const res = await t.api('POST', '/admin/backups', { token: tokens.admin, body: {} });
      expect(res.status).toBeGreaterThanOrEqual(500);
      const list = await t.caller({ token: tokens.admin }).admin.backups.list();
      expect(list.last_attempt).toMatchObject({ ok: false, trigger: 'manual', error: expect.stringContaining('packshop_no_such_database') });
      expect(list.warning).toMatchObject({ kind: 'failed', message: expect.stringContaining('The last backup failed: ') });
      expect(files()).toEqual([]);
      expect(lines.some((l) => l.level === 50 && l.msg === 'backup: failed')).toBe(true);
    } finally {
      setLogger(previous);
      await missing.close();
    }
  });

  it('answers 409 while another instance holds the backup lock, and a scheduled run then takes none', async () => {
    const holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(727274130)');
      const res = await t.api('POST', '/admin/backups', { token: tokens.admin, body: {} });
      expect(res).toMatchObject({ status: 409, body: { detail: 'A backup is being written right now. Try again when it has finished.' } });
      await t.deps.backups.tick('start');
      expect(files()).toEqual([]);
      // Neither is a failure: the other instance is writing it.
      expect((await t.caller({ token: tokens.admin }).admin.backups.list()).last_attempt).toBeNull();
    } finally {
      await holder.end();
    }
  });

  it('two instances sharing the database and the directory write one backup between them at start', async () => {
    const instances = [0, 1, 2].map(() => new BackupCenter({ dir, database: t.database, uploadsDir: t.uploadsDir }));
    // Files written the same second would share a name, so the count of writes is read from the log.
    const lines: { msg: string }[] = [];
    const previous = logger();
    setLogger(buildLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) }));
    try {
      await Promise.all(instances.map((c) => c.tick('start')));
    } finally {
      setLogger(previous);
    }
    expect(lines.filter((l) => l.msg.startsWith('backup: wrote '))).toHaveLength(1);
    expect(files()).toHaveLength(1);
    await Promise.all(instances.map((c) => c.stop()));
  });

  it('at start takes one only when the newest is over a day old, and the schedule stops cleanly', async () => {
    await t.deps.backups.tick('start');
    expect(files()).toHaveLength(1);
    await t.deps.backups.tick('start');
    expect(files()).toHaveLength(1);
    expect((await t.caller({ token: tokens.admin }).admin.backups.list()).last_attempt).toMatchObject({ ok: true, trigger: 'start' });

    // The timer: a fresh directory and no delay takes one by itself; stop() leaves no timer behind.
    const other = mkdtempSync(join(root, 'scheduled-'));
    const center = new BackupCenter({ dir: other, database: t.database, uploadsDir: t.uploadsDir });
    center.startSchedule({ startDelayMs: 0 });
    await expect.poll(() => readdirSync(other).filter((f) => f.endsWith('.tar.gz')).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await center.list()).running, { timeout: 20_000 }).toBe(false);
    const next = (await center.list()).schedule?.next_run_at;
    expect(next && Date.parse(next)).toBeGreaterThan(Date.now());
    await center.stop();
    expect((await center.list()).schedule?.next_run_at).toBeNull();
  });

  it('with BACKUP_DIR=off lists nothing, warns about nothing and refuses to take one', async () => {
    t.deps.backups = BackupCenter.off();
    expect(await t.caller({ token: tokens.admin }).admin.backups.list()).toMatchObject({ enabled: false, backups: [], warning: null });
    const res = await t.api('POST', '/admin/backups', { token: tokens.admin, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('BACKUP_DIR is off');
  });
});

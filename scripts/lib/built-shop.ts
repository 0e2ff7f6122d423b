// The built shop started for a measurement (`npm run lighthouse`, `npm run bench:admin-pages`): its
// own free port, a scratch data directory with the embedded database, the seeded catalogue, stopped
// the way an operator stops it. Not for tests: the journeys start theirs in playwright.config.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * A just-started shop makes its product images' responsive copies in the background (decision
 * 0145): ~25 s of a core on a quiet 2-core machine, 90 s beside a browser. Measured during that,
 * the back office's first pages took ~1.2 s instead of ~0.7 s (decision 0210), so a measurement
 * starts once the log says they are made (a new scratch shop always has some to make: the shop is
 * started with IMAGE_COPIES_AT_START=1 whatever the caller's environment says).
 */
async function startUpWorkDone(logFile: string, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (/responsive copies made|making the responsive copies stopped/.test(readFileSync(logFile, 'utf8'))) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.warn(`warning: the shop's product images were not done after ${timeoutMs / 1000} s; measuring anyway`);
}

export interface BuiltShop {
  origin: string;
  /** Stops the server and removes its data directory; safe to call twice. */
  stop: () => Promise<void>;
}

interface StartOptions {
  /** The checkout whose build is started; this one by default. */
  root?: string;
  /** Wait also until the shop's start-up work in the background is done (startUpWorkDone). */
  settled?: boolean;
}

/**
 * Starts `dist/server/index.js` of a checkout and resolves once `/api/health` answers (and, with
 * `settled`, once its start-up work is done); its output goes to `logFile`.
 */
export async function startBuiltShop(logFile: string, { root = '.', settled = false }: StartOptions = {}): Promise<BuiltShop> {
  const entry = path.join(root, 'dist/server/index.js');
  if (!existsSync(entry)) throw new Error(`No build in ${path.join(root, 'dist')}: run \`npm run build\` there first.`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'packshop-measured-'));
  // The embedded database runs as the system user postgres, which must reach the folder (mkdtemp makes it 0700).
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [entry], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, IMAGE_COPIES_AT_START: '1' },
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
    if (settled) await startUpWorkDone(logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, stop };
}

// Starts the journeys' servers side by side and answers on E2E_SERVERS_PORT once every one does.
//
// Playwright starts the entries of `webServer` one after another, each after the last answered: the
// three shops (each makes its database and seeds the catalogue, ~8 s) and the Stripe test server
// took 33 s before the first journey on the 2-core machine. playwright.config.ts hands them all to
// this one entry instead (E2E_SERVERS: JSON of { name, command, url, env }), so their start-up work
// overlaps (issue 39, point 7).
//
// Each server's stderr goes to ours, which Playwright prints; their stdout (a JSON line per request)
// is not read. When Playwright stops this process it kills its process group, which holds the servers.
import { spawn } from 'node:child_process';
import console from 'node:console';
import { createServer, get } from 'node:http';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
const port = Number(process.env.E2E_SERVERS_PORT);
const timeoutMs = Number(process.env.E2E_SERVERS_TIMEOUT_MS ?? 240_000);

/** Whether `url` answers below 400 (every server here is plain HTTP on 127.0.0.1). */
const answers = (url) =>
  new Promise((resolve) => {
    const req = get(url, { timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode < 400);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });

async function start({ name, command, url, env }) {
  // As Playwright does for a server it is to start: one already answering there (a shop left from
  // another run, still draining) would be taken for the new one.
  if (await answers(url)) throw new Error(`${url} (${name}) is already used: stop what listens there first`);
  const child = spawn(command, { shell: true, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = signal ?? code;
    console.error(`[${name}] exited (${exited})`);
  });
  const started = Date.now();
  while (!(await answers(url))) {
    if (exited !== null) throw new Error(`${name} stopped before it answered at ${url}`);
    if (Date.now() - started > timeoutMs) throw new Error(`${name} did not answer at ${url} within ${timeoutMs} ms`);
    await sleep(100);
  }
  console.error(`[${name}] answers at ${url} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

try {
  await Promise.all(servers.map(start));
} catch (error) {
  console.error(String(error));
  // The servers that did start hold Playwright's stderr pipe open, so it would wait out its timeout
  // for this process to end: the whole group goes, as Playwright itself stops it.
  process.kill(0, 'SIGKILL');
}
createServer((_req, res) => res.end('ok')).listen(port, '127.0.0.1');

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps, type AppDeps } from '../../server/deps';
import { LocalImageStorage } from '../../server/storage/image-storage';
import { createVariant } from '../factories/shop';
import { createUser } from '../factories/users';
import { createPostgresDb } from '../setup/test-db';

// The shop as it runs as a service: nginx (Debian's) in front of two real app processes on one
// PostgreSQL database, with the proxy configuration shipped in deploy/nginx.conf, so the shipped
// file is the one tested. Bounded: every wait has a deadline.

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p));
const skipReason = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set'
  : !NGINX
    ? 'nginx is not installed (apt-get install nginx-light)'
    : null;

const root = resolve(__dirname, '../..');

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  lines: Record<string, unknown>[];
  exited: Promise<number | null>;
}

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

async function until(what: string, ok: () => Promise<boolean>, timeoutMs = 45_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function startInstance(name: string, port: number, databaseUrl: string, dir: string): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      TEST_DB: '',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, name),
      SEED: 'none',
      LOG_LEVEL: 'info',
      RATE_LIMIT_SCALE: '100',
      ADMIN_EMAIL: 'owner@proxy-test.example',
      ADMIN_PASSWORD: 'Correct-Horse-Battery-Staple-42',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) {
      try {
        lines.push(JSON.parse(line));
      } catch {
        /* not a log line */
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { name, port, child, lines, exited };
}

let dir: string;
let db: Awaited<ReturnType<typeof createPostgresDb>>;
let deps: AppDeps;
let a: Instance;
let b: Instance;
let nginx: ChildProcess | undefined;
let proxy = '';

describe.skipIf(skipReason)(`two instances behind nginx on one PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'packshop-proxy-'));
    db = await createPostgresDb(4);
    deps = createDeps(db.db, new LocalImageStorage(join(dir, 'factory-uploads')));
    const [pa, pb, pn] = [await freePort(), await freePort(), await freePort()];
    // One after the other: the first start creates the admin and settings.
    a = startInstance('a', pa, db.url, dir);
    await until('instance a', async () => (await fetch(`http://127.0.0.1:${pa}/api/ready`)).status === 200);
    b = startInstance('b', pb, db.url, dir);
    await until('instance b', async () => (await fetch(`http://127.0.0.1:${pb}/api/ready`)).status === 200);

    const site = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8')
      .replace('127.0.0.1:3001', `127.0.0.1:${pa}`)
      .replace('127.0.0.1:3002', `127.0.0.1:${pb}`)
      .replace('listen 8080;', `listen 127.0.0.1:${pn};`)
      .replace('/var/log/nginx/packshop.access.log', join(dir, 'access.log'));
    for (const d of ['client', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, 'tmp', d), { recursive: true });
    writeFileSync(join(dir, 'site.conf'), site);
    writeFileSync(
      join(dir, 'nginx.conf'),
      `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  client_body_temp_path ${dir}/tmp/client;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include ${dir}/site.conf;
}
`,
    );
    nginx = spawn(NGINX!, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    nginx.stderr!.on('data', (c: Buffer) => process.stderr.write(`[nginx] ${c}`));
    proxy = `http://127.0.0.1:${pn}`;
    await until('nginx', async () => (await fetch(`${proxy}/api/health`)).status === 200, 15_000);
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    for (const i of [a, b]) if (i && i.child.exitCode === null) i.child.kill('SIGKILL');
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('an image uploaded through one instance is served by the other and through the proxy', async () => {
    const staff = await createUser(deps, { role: 'staff' });
    const form = new FormData();
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#f59e0b' } }).png().toBuffer();
    form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'box.png');
    const up = await fetch(`http://127.0.0.1:${a.port}/api/admin/upload/images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${staff.token}` } });
    expect(up.status).toBe(200);
    const [url] = ((await up.json()) as { urls: string[] }).urls;
    const fromB = await fetch(`http://127.0.0.1:${b.port}${url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    const viaProxy = await fetch(`${proxy}${url}`, { headers: { 'if-none-match': fromB.headers.get('etag')! } });
    expect(viaProxy.status).toBe(304);
  });

  it('20 buyers for 5 units through the proxy: exactly 5 orders, 15 clear 409s, and both instances took orders', async () => {
    const v = await createVariant(db.db, { onHand: 7, safetyStock: 2 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(deps)));
    const carted = await Promise.all(
      buyers.map((s) =>
        fetch(`${proxy}/api/cart/add`, { method: 'POST', headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ variant_id: v.variantId, quantity: 1 }) }),
      ),
    );
    expect(carted.map((r) => r.status)).toEqual(buyers.map(() => 200));
    const address = { fullName: 'Tan Mei Ling', phone: '91234567', addressLine1: '8 Changi Business Park', postalCode: '486018', city: 'Singapore', state: 'Singapore', country: 'SG' };
    const answers = await Promise.all(
      buyers.map(async (s, i) => {
        const res = await fetch(`${proxy}/api/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json', 'idempotency-key': `proxy-race-${i}-${v.variantId}` },
          body: JSON.stringify({ shipping_address: address }),
        });
        return { status: res.status, body: (await res.json()) as { detail?: string; request_id?: string }, id: res.headers.get('x-request-id') };
      }),
    );
    const statuses = answers.map((x) => x.status);
    expect(answers.filter((x) => ![200, 201, 409].includes(x.status))).toEqual([]);
    expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const x of answers.filter((y) => y.status === 409)) {
      expect(x.body.detail).toMatch(/out of stock|only \d+ left/);
      expect(x.body.request_id).toBe(x.id);
    }
    const after = await db.db.variant.findUniqueOrThrow({ where: { id: v.variantId } });
    expect(after.onHand - after.allocated - after.safetyStock).toBe(0);
    const servedBy = (i: Instance) => i.lines.filter((l) => l.route === '/api/orders' && l.method === 'POST').length;
    await until('order log lines', async () => servedBy(a) + servedBy(b) === 20, 5_000);
    expect(servedBy(a)).toBeGreaterThan(0);
    expect(servedBy(b)).toBeGreaterThan(0);
  });

  it("nginx's request id is in the answer, in nginx's access log and in each instance's log", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await fetch(`${proxy}/api/health`)).headers.get('x-request-id')!);
    expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
    const logged = (i: Instance) => ids.filter((id) => i.lines.some((l) => l.req_id === id));
    await until('request lines', async () => logged(a).length + logged(b).length === ids.length, 5_000);
    expect(logged(a).length).toBeGreaterThan(0);
    expect(logged(b).length).toBeGreaterThan(0);
    // nginx writes its access line once the answer is sent, which can be just after the client has it.
    const inAccessLog = () => ids.filter((id) => readFileSync(join(dir, 'access.log'), 'utf8').includes(`req_id=${id}`)).length;
    await until('access log lines', async () => inAccessLog() === ids.length, 5_000);
  });

  it('stopping one instance under load loses no request: in-flight ones finish, new ones go to the other', async () => {
    const { productId } = await createVariant(db.db);
    const total = 240;
    let sent = 0;
    let done = 0;
    const failures: string[] = [];
    let stopped = false;
    const worker = async () => {
      while (sent < total) {
        const n = sent++;
        const path = n % 3 === 0 ? '/api/health' : `/api/products/${productId}`;
        try {
          const res = await fetch(`${proxy}${path}`);
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${path} ${res.status}`);
        } catch (err) {
          failures.push(`${path} ${(err as Error).message}`);
        }
        done++;
        if (done === 40 && !stopped) {
          stopped = true;
          b.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(stopped).toBe(true);
    expect(failures).toEqual([]);
    expect(await b.exited).toBe(0);
    // b was really under load when it was told to stop.
    expect(b.lines.filter((l) => l.route === '/api/products/{id}').length).toBeGreaterThan(0);
    expect(b.lines.some((l) => l.msg === 'All requests finished; shutting down')).toBe(true);
    // The survivor took the rest.
    expect((await fetch(`${proxy}/api/ready`)).status).toBe(200);
  });
});

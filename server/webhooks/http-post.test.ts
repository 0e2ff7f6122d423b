import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook } from './http-post';

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function serve(handler: Parameters<typeof createServer>[1]) {
  server = createServer(handler);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const opts = { allowPrivate: true, timeoutMs: 300 };

describe('postWebhook', () => {
  it('gives up on a receiver that does not answer in time', async () => {
    const base = await serve(() => undefined);
    const r = await postWebhook(`${base}/slow`, {}, '{}', opts);
    expect(r).toMatchObject({ ok: false, statusCode: null, error: 'timed out after 300 ms' });
    server!.closeAllConnections();
  });

  it('does not follow a redirect', async () => {
    let followed = false;
    const base = await serve((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(307, { location: '/elsewhere' }).end();
      } else {
        followed = true;
        res.writeHead(200).end();
      }
    });
    const r = await postWebhook(`${base}/moved`, {}, '{}', opts);
    expect(r).toMatchObject({ ok: false, statusCode: 307, error: 'The receiver answered 307 (redirects are not followed)' });
    expect(followed).toBe(false);
  });

  it('keeps only the first KB of a long answer, without NUL bytes', async () => {
    const base = await serve((_req, res) => res.writeHead(200).end(`ok\u0000${'x'.repeat(100_000)}`));
    const r = await postWebhook(`${base}/`, { 'content-type': 'application/json' }, '{"a":1}', opts);
    expect(r.ok).toBe(true);
    expect(r.excerpt!.startsWith('okxx')).toBe(true);
    expect(r.excerpt!.length).toBeLessThanOrEqual(1024);
  });

  it('reports a refused connection', async () => {
    const base = await serve(() => undefined);
    await new Promise<void>((r) => server!.close(() => r()));
    server = undefined;
    expect(await postWebhook(`${base}/`, {}, '{}', opts)).toMatchObject({ ok: false, statusCode: null, error: 'Connection refused' });
  });
});

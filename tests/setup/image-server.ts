import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

export interface TestImageServer {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** The self-signed certificate, for deps.imageFetch.ca. */
  cert: string;
  /** How many requests each path has had. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made by openssl for this run only. */
function selfSigned(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'packshop-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A real https server on 127.0.0.1 in the test process, for product images given by address:
 *   /photo.png      a real PNG (320 x 200)            /photo.jpg  a real JPEG
 *   /page.png       an HTML page sent as image/png    /as-jpeg.png  PNG bytes sent as image/jpeg
 *   /page.html      an HTML page as text/html         /huge.png   11 MB sent as image/png
 *   /redirect.png   302 to /photo.png                 /missing.png  404
 *   /stall.png      headers and half the PNG, then nothing more
 */
export async function startImageServer(): Promise<TestImageServer> {
  const { key, cert } = selfSigned();
  const photo = sharp({ create: { width: 320, height: 200, channels: 3, background: '#0ea5e9' } });
  const [png, jpg] = await Promise.all([photo.clone().png().toBuffer(), photo.clone().jpeg().toBuffer()]);
  const html = Buffer.from('<!doctype html><title>Not an image</title><script>alert(1)</script>');
  const huge = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]);
  const routes: Record<string, { status?: number; type?: string; body?: Buffer; location?: string }> = {
    '/photo.png': { type: 'image/png', body: png },
    '/photo.jpg': { type: 'image/jpeg', body: jpg },
    '/page.png': { type: 'image/png', body: html },
    '/as-jpeg.png': { type: 'image/jpeg', body: png },
    '/page.html': { type: 'text/html', body: html },
    '/huge.png': { type: 'image/png', body: huge },
    '/redirect.png': { status: 302, location: '/photo.png' },
    '/stall.png': {},
  };
  const hits = new Map<string, number>();
  const server = createServer({ key, cert }, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (!route) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    if (route.location) return void res.writeHead(route.status ?? 302, { location: route.location }).end();
    if (path === '/stall.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      return void res.write(png.subarray(0, png.length >> 1));
    }
    // No Content-Length on the huge one: the byte cap must hold while streaming, not only on the header.
    res.writeHead(200, { 'content-type': route.type!, ...(path === '/huge.png' ? {} : { 'content-length': route.body!.length }) });
    res.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cert,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

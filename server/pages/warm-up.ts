import type { AddressInfo } from 'node:net';

/** Pages a started shop asks itself for: the listing (its slowest first answer) and the landing page. */
const WARM_PATHS = ['/products', '/'];

/** A URL base on which this process answers, from the address its server listens on. */
export function loopbackBase(address: AddressInfo | string | null): string | null {
  if (!address || typeof address === 'string') return null;
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * The first page a started shop served paid for what every later one finds ready: loading and
 * compiling the server renderer (dist/ssr), filling the catalogue cache, the listing's first
 * queries. On the 2-core machine /products answered in ~1.1 s right after a start and in 0.05 s
 * after that, which put a shop started a minute before over the listing's LCP budget (issue 38,
 * point 12). So the shop asks for those pages itself once it listens, one after the other, in the
 * background; a failure changes nothing (the first visitor pays, as before).
 */
export async function warmPages(address: AddressInfo | string | null, paths: readonly string[] = WARM_PATHS): Promise<number> {
  const base = loopbackBase(address);
  if (!base) return 0;
  let warmed = 0;
  for (const path of paths) {
    try {
      const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' }, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (res.ok) warmed += 1;
    } catch {
      // Not reachable this way (a firewall on the loopback, a stop under way): nothing to warm.
    }
  }
  return warmed;
}

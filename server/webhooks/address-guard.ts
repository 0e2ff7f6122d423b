import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Server-side request forgery guard: a webhook URL may not reach the shop's own network (the
 * database, a cloud metadata service at 169.254.169.254, an admin port on localhost). Checked when
 * an endpoint is saved and again before every delivery, on the addresses DNS gives at that moment;
 * the request then connects to the checked address itself, so a name that re-resolves elsewhere
 * between the check and the connection (DNS rebinding) changes nothing.
 */
const blocked = new BlockList();
const V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches localhost on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32],
];
for (const [net, prefix] of V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6) blocked.addSubnet(net, prefix, 'ipv6');

/** Private, loopback, link-local or otherwise not a public address (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class WebhookAddressError extends Error {}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

const DNS_TIMEOUT_MS = 5_000;

/** The address to connect to for a webhook URL, or a WebhookAddressError saying why not. */
export async function resolveWebhookTarget(url: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookAddressError('The URL is not valid');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new WebhookAddressError('Only http:// and https:// URLs can receive webhooks');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) as 4 | 6 }] : await resolve(host);
  if (!allowPrivate) {
    const inside = addresses.find((a) => isPrivateAddress(a.address));
    if (inside) {
      const via = inside.address === host ? host : `${host} (${inside.address})`;
      throw new WebhookAddressError(`Webhooks cannot be sent to a private, loopback or link-local address: ${via}`);
    }
  }
  return addresses[0];
}

async function resolve(host: string): Promise<ResolvedTarget[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await Promise.race([
      lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), DNS_TIMEOUT_MS);
      }),
    ]);
    if (!found.length) throw new Error('no address');
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new WebhookAddressError(`Cannot resolve the host ${host}${code === 'ENOTFOUND' ? '' : ` (${code ?? (err as Error).message})`}`);
  } finally {
    clearTimeout(timer);
  }
}

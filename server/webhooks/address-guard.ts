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
// An IPv6 address carrying an IPv4 one is judged by that address (embeddedIPv4). Any other is
// public only inside 2000::/3, the global unicast space every registry allocates from; outside it
// are loopback, unique-local, link-local, site-local (fec0::/10), discard (100::/64), local-use
// NAT64 (64:ff9b:1::/48, where the operator decides where the IPv4 address sits) and multicast.
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
// ... and inside it, what is still not a receiver on the internet.
const V6: [string, number][] = [
  ['2001::', 32], // Teredo: the client address could be decoded, but the path runs through a relay
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
];
for (const [net, prefix] of V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6) blocked.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address in any spelling, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let host: string;
  try {
    // The WHATWG URL parser is the one the webhook URL went through: it accepts every spelling
    // (dotted tails, zero runs) and answers the canonical form, hex groups with at most one "::".
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head, tail] = host.split('::');
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 address carries, where the network would deliver to it: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64's
 * well-known prefix (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::). Null when it carries none.
 */
export function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0 || g[5] === 0xffff)) return dotted(g[6], g[7]);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return dotted(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return dotted(g[6], g[7]);
  if (g[0] === 0x2002) return dotted(g[1], g[2]);
  return null;
}

/**
 * Private, loopback, link-local or otherwise not a public address. An IPv6 address that carries an
 * IPv4 one is judged by that IPv4 address, so [::127.0.0.1] is loopback in every spelling.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  const v4 = embeddedIPv4(address);
  if (v4 !== null) return blocked.check(v4, 'ipv4');
  if (!ipv6Groups(address)) return true;
  return !globalUnicast.check(address, 'ipv6') || blocked.check(address, 'ipv6');
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

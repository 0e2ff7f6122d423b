// The shop's absolute origin for sitemap.xml, robots.txt, canonical links and og:url. The Host header
// is the client's to choose, so it is only believed when it names an allowed host; PUBLIC_URL, when
// set, wins outright. Anything else falls back to the first allowed host, so a spoofed Host can
// never put another site's address into what the shop publishes.

const DEFAULT_ALLOWED_HOSTS = ['localhost', '127.0.0.1'];

export interface OriginOptions {
  /** PUBLIC_URL: "https://shop.example"; only its origin is used. */
  publicUrl?: string;
  /** ALLOWED_HOSTS entries: "shop.example" (any port) or "shop.example:8443" (that port only). */
  allowedHosts?: string[];
  /** Port put on the fallback origin when the allowed host names none (the server's PORT). */
  fallbackPort?: number;
}

/** What the resolver reads from a request; Express's Request has both (honouring `trust proxy`). */
export interface OriginRequest {
  protocol: string;
  host?: string;
}

interface HostEntry {
  hostname: string;
  port: string;
}

/** "Shop.Example:8443" -> { hostname: 'shop.example', port: '8443' }; null when it is not a bare host[:port]. */
export function parseHost(value: string): HostEntry | null {
  const trimmed = value.trim();
  if (!trimmed || /[\s/\\?#@]/.test(trimmed)) return null;
  try {
    const url = new URL(`http://${trimmed}`);
    return { hostname: url.hostname.replace(/\.$/, ''), port: url.port };
  } catch {
    return null;
  }
}

/** PUBLIC_URL reduced to its origin; throws on anything but an http(s) URL. */
export function parsePublicUrl(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('PUBLIC_URL must start with http:// or https://');
  return url.origin;
}

export function createOriginResolver(options: OriginOptions = {}): (req: OriginRequest) => string {
  if (options.publicUrl) {
    const fixed = parsePublicUrl(options.publicUrl);
    return () => fixed;
  }
  const entries = (options.allowedHosts?.length ? options.allowedHosts : DEFAULT_ALLOWED_HOSTS).map((h) => {
    const parsed = parseHost(h);
    if (!parsed) throw new Error(`ALLOWED_HOSTS: "${h}" is not a host name`);
    return parsed;
  });
  const first = entries[0];
  const fallbackPort = first.port || (options.fallbackPort ? String(options.fallbackPort) : '');
  const fallback = `http://${first.hostname}${fallbackPort ? `:${fallbackPort}` : ''}`;

  return (req) => {
    const host = req.host ? parseHost(req.host) : null;
    if (!host) return fallback;
    const allowed = entries.some((e) => e.hostname === host.hostname && (e.port === '' || e.port === host.port));
    if (!allowed) return fallback;
    const protocol = req.protocol === 'https' ? 'https' : 'http';
    return `${protocol}://${host.hostname}${host.port ? `:${host.port}` : ''}`;
  };
}

import type { Request } from 'express';
import { openApiDocument } from '../rest/openapi';
import { appRouter } from '../trpc/root';

// The route of a request as a pattern (`GET /api/products/{id}`), never the raw path: log lines
// group by it and metrics label by it, so it must come from a bounded set whatever a caller sends.

interface Pattern {
  method: string;
  re: RegExp;
  route: string;
}

let exact: Map<string, string> | undefined;
let patterns: Pattern[] | undefined;
let procedures: Set<string> | undefined;

const EXTRA_API_PATHS = ['/openapi.json', '/docs', '/ready'];

function load() {
  exact = new Map();
  patterns = [];
  for (const [path, item] of Object.entries(openApiDocument().paths ?? {})) {
    for (const method of Object.keys(item ?? {})) {
      const m = method.toUpperCase();
      const route = `/api${path}`;
      if (!path.includes('{')) exact.set(`${m} ${path.toLowerCase()}`, route);
      else {
        const re = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i');
        patterns.push({ method: m, re, route });
      }
    }
  }
  for (const p of EXTRA_API_PATHS) exact.set(`GET ${p.toLowerCase()}`, `/api${p}`);
  procedures = new Set(Object.keys(appRouter._def.procedures));
}

export const UNMATCHED_API = '/api/(unmatched)';

const SEEN_MAX = 5_000;
const seen = new Map<string, string>();

/** The documented path a /api request matches, the way trpc-to-openapi matches it (no case, no end slash). */
export function apiRoute(method: string, rawPath: string): string {
  if (!exact) load();
  const m = method === 'HEAD' ? 'GET' : method;
  const path = `/${rawPath.replace(/^\/|\/$/g, '')}`;
  const key = `${m} ${path.toLowerCase()}`;
  const hit = exact!.get(key) ?? seen.get(key);
  if (hit) return hit;
  let route = UNMATCHED_API;
  for (const p of patterns!) {
    if (p.method === m && p.re.test(path)) {
      route = p.route;
      break;
    }
  }
  // Hot paths (a product page) repeat: remember the answer so the patterns are scanned once per
  // path, not per request. Cleared when full, so hostile paths cannot grow it without bound.
  if (seen.size >= SEEN_MAX) seen.clear();
  seen.set(key, route);
  return route;
}

function trpcRoute(path: string): string {
  if (!procedures) load();
  const names = path.replace(/^\//, '').split(',');
  if (!names.every((n) => procedures!.has(n))) return '/trpc/(unmatched)';
  return names.length === 1 ? `/trpc/${names[0]}` : '/trpc/(batch)';
}

/** Route pattern of a request, from its original URL (mount points do not matter). */
export function routeLabel(req: Request): string {
  const url = req.originalUrl;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path.startsWith('/api/')) return apiRoute(req.method, path.slice(4));
  if (path.startsWith('/trpc/')) return trpcRoute(path.slice(5));
  if (path.startsWith('/uploads/')) return '/uploads/*';
  if (path.startsWith('/assets/')) return '/assets/*';
  if (path === '/metrics') return '/metrics';
  return '(page)';
}

import type { Express } from 'express';
import type { AppDeps } from './deps';

/**
 * Plain Express routes that are not tRPC procedures (multipart uploads, robots.txt, sitemap.xml).
 * Each area registers itself here; they are mounted before the /api adapter and the SPA fallback.
 */
export type HttpRouteMounter = (app: Express, deps: AppDeps) => void;
const mounters: HttpRouteMounter[] = [];

export function registerHttpRoutes(mounter: HttpRouteMounter) {
  mounters.push(mounter);
}

export function mountHttpRoutes(app: Express, deps: AppDeps) {
  for (const mount of mounters) mount(app, deps);
}

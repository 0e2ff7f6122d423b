import type { PrismaClient } from '@prisma/client';
import { Router } from 'express';
import { diskSpace } from '../lib/disk-space';

/**
 * Readiness for a load balancer: not ready until the migrations have run, while the database does
 * not answer, and from the moment a stop signal arrives (server/index.ts) while in-flight requests
 * drain. /api/health (the liveness check) stays up throughout.
 */
export class Readiness {
  private migrated = false;
  private draining = false;

  markMigrated(): void {
    this.migrated = true;
  }

  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async check(db: PrismaClient, timeoutMs = 2_000): Promise<string | null> {
    if (this.draining) return 'Shutting down';
    if (!this.migrated) return 'Starting: migrations have not run yet';
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        // The probe reads no row and names no table, so it stays here rather than in a *.sql.ts file.
        // eslint-disable-next-line no-restricted-properties
        db.$queryRaw`SELECT 1`,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
        }),
      ]);
      return null;
    } catch {
      return 'The database does not answer';
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * GET /api/ready: 200 `{ status: "ready" }` or 503 `{ detail }`. A full disk is 200 `{ status: "degraded" }`:
 * browsing still works, and taking every instance on one full database out of rotation would not
 * help (decision 0162).
 */
export function readinessRoute(db: PrismaClient, readiness: Readiness): Router {
  const r = Router();
  r.get('/ready', (_req, res, next) => {
    readiness.check(db).then((problem) => {
      if (problem) res.status(503).json({ status: 'not_ready', detail: problem });
      else if (diskSpace.status().level === 'full') res.json({ status: 'degraded', detail: 'Disk full: changes cannot be saved until space is freed' });
      else res.json({ status: 'ready' });
    }, next);
  });
  return r;
}

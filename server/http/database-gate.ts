import type { RequestHandler } from 'express';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE_DETAIL } from '../lib/http-error';
import { requestIdOf } from './request-facts';

/**
 * While the embedded database restarts, requests that need it are answered at once with a 503 and
 * Retry-After instead of waiting on a connection that is not there. /api/health (liveness) passes.
 */
export function databaseGate(available: () => boolean): RequestHandler {
  return (req, res, next) => {
    if (available() || req.path === '/health') return next();
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_S));
    res.status(503).json({ detail: DATABASE_UNAVAILABLE_DETAIL, request_id: requestIdOf(res) });
  };
}

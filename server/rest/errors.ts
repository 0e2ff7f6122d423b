import type { NextFunction, Request, Response } from 'express';
import { requestIdOf } from '../http/request-facts';
import { DATABASE_RETRY_AFTER_S, isServerError, toHttpError } from '../lib/http-error';
import { isDiskFull } from '../db/errors';
import { diskSpace } from '../lib/disk-space';
import { logger, logServerError } from '../lib/log';

/**
 * Answers any error as `{ detail, request_id }` with the status toHttpError decides; only 5xx are
 * logged. The request id (also in X-Request-Id) is what a shopper quotes and what the logs are searched by.
 */
export function sendError(res: Response, err: unknown, where: string): void {
  const e = toHttpError(err);
  const requestId = requestIdOf(res);
  // A full disk is logged by its watch, named as such and at most twice a minute (decision 0162).
  if (isDiskFull(err)) diskSpace.noteFull(err, where, requestId);
  // A database that is down or saturated is not a defect of this request: one line each, no stack
  // (an outage would otherwise print hundreds of traces), as the tRPC door answers them unlogged.
  else if (e.status === 503) logger().warn({ where, req_id: requestId, cause: (err as Error)?.message?.slice(0, 200) }, `database unavailable in ${where}: answered 503`);
  else if (isServerError(e)) logServerError(where, err, requestId);
  if (res.headersSent) return void res.end();
  if (e.status === 503) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_S));
  if (e.retryAfterS) res.setHeader('Retry-After', String(e.retryAfterS));
  res.status(e.status).json({ detail: e.detail, request_id: requestId });
}

/** The last handler of /api (and of the app): body-parser, multer and route errors as `{ detail }`. */
export function apiErrorHandler(err: unknown, req: Request, res: Response, _next: NextFunction) {
  sendError(res, err, `${req.method} ${req.path}`);
}

/** An /api path nothing answers: JSON, never the SPA's HTML. */
export function apiNotFound(req: Request, res: Response) {
  res.status(404).json({ detail: `No such API path: ${req.method} /api${req.path}`, request_id: requestIdOf(res) });
}

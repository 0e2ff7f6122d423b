import type { NextFunction, Request, Response } from 'express';
import { isServerError, toHttpError } from '../lib/http-error';
import { logServerError } from '../lib/log';

/** Answers any error as `{ detail }` with the status toHttpError decides; only 5xx are logged. */
export function sendError(res: Response, err: unknown, where: string): void {
  const e = toHttpError(err);
  if (isServerError(e)) logServerError(where, err);
  if (res.headersSent) return void res.end();
  res.status(e.status).json({ detail: e.detail });
}

/** The last handler of /api (and of the app): body-parser, multer and route errors as `{ detail }`. */
export function apiErrorHandler(err: unknown, req: Request, res: Response, _next: NextFunction) {
  sendError(res, err, `${req.method} ${req.path}`);
}

/** An /api path nothing answers: JSON, never the SPA's HTML. */
export function apiNotFound(req: Request, res: Response) {
  res.status(404).json({ detail: `No such API path: ${req.method} /api${req.path}` });
}

import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { AppError, APP_ERROR_STATUS } from '../../shared/errors';
import { isDataException, isDatabaseBusy, isDatabaseUnavailable, isDiskFull } from '../db/errors';

/**
 * The one map from anything thrown to what the caller is told: `{ status, detail }`. Used by the
 * REST door's error handler, the plain routes under /api, and the tRPC error formatter alike.
 */
export interface HttpError {
  status: number;
  detail: string;
  /** Seconds to wait before trying again, when the error names them (a rate limit's 429). */
  retryAfterS?: number;
}

export const SERVER_ERROR_DETAIL = 'Something went wrong on our side. Please try again.';
export const DATABASE_UNAVAILABLE_DETAIL = 'The shop cannot reach its database at the moment. Please try again in a few seconds.';
const DATABASE_BUSY_DETAIL = 'The shop is very busy at the moment. Please try again in a few seconds.';
/** Seconds a 503 for an unreachable database asks the caller to wait (Retry-After). */
export const DATABASE_RETRY_AFTER_S = 5;
export const DISK_FULL_DETAIL = 'The shop cannot save changes at the moment. Please try again in a few minutes.';
/** A full disk is freed by a person, not in seconds (decision 0162). */
export const DISK_FULL_RETRY_AFTER_S = 60;

// Zod's own wording ("Invalid input: expected string...") means little without the field name;
// the messages our schemas carry ("Please enter a coupon code") are shown as written.
const GENERIC_ZOD_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

export function zodDetail(error: ZodError): string {
  const messages = error.issues.map((issue) =>
    GENERIC_ZOD_MESSAGE.test(issue.message) && issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  return [...new Set(messages)].join('; ');
}

// body-parser and multer mark their errors with a type or code and an HTTP status.
const BODY_ERRORS: Record<string, HttpError> = {
  'entity.parse.failed': { status: 400, detail: 'Malformed JSON in the request body' },
  'entity.too.large': { status: 413, detail: 'Request body is too large' },
  'encoding.unsupported': { status: 415, detail: 'The request body has a Content-Encoding the shop does not accept; send it uncompressed or as gzip, deflate or br.' },
  'charset.unsupported': { status: 415, detail: 'The request body must be UTF-8; its charset is not supported.' },
  'request.aborted': { status: 400, detail: 'The request was aborted' },
  'request.size.invalid': { status: 400, detail: 'The request body does not match its Content-Length' },
};

export function toHttpError(err: unknown): HttpError {
  if (err instanceof AppError) return { status: APP_ERROR_STATUS[err.code], detail: err.message, ...(err.retryAfterS ? { retryAfterS: err.retryAfterS } : {}) };
  if (err instanceof ZodError) return { status: 400, detail: zodDetail(err) };
  if (err instanceof TRPCError) {
    // A procedure's failure: what caused it decides, else tRPC's own code (validation, 404 path...).
    if (err.cause && !(err.cause instanceof TRPCError) && err.code !== 'INTERNAL_SERVER_ERROR') {
      if (err.cause instanceof ZodError) return { status: 400, detail: zodDetail(err.cause) };
      if (err.cause instanceof AppError) return toHttpError(err.cause);
      // init.ts made it a 503 from its cause: the cause names the detail and the wait (a full disk's is longer).
      if (err.code === 'SERVICE_UNAVAILABLE') {
        const inner = toHttpError(err.cause);
        if (inner.status === 503) return inner;
      }
    }
    if (err.code === 'INTERNAL_SERVER_ERROR') return err.cause ? toHttpError(err.cause) : { status: 500, detail: SERVER_ERROR_DETAIL };
    return { status: getHTTPStatusCodeFromError(err), detail: err.message };
  }
  if (isDiskFull(err)) return { status: 503, detail: DISK_FULL_DETAIL, retryAfterS: DISK_FULL_RETRY_AFTER_S };
  if (isDatabaseUnavailable(err)) return { status: 503, detail: DATABASE_UNAVAILABLE_DETAIL };
  if (isDatabaseBusy(err)) return { status: 503, detail: DATABASE_BUSY_DETAIL };
  if (isDataException(err)) return { status: 400, detail: 'The request contains a value the shop cannot store or search for' };
  const e = err as { type?: unknown; status?: unknown; statusCode?: unknown; expose?: unknown; message?: unknown; name?: unknown; code?: unknown };
  if (typeof e?.type === 'string' && BODY_ERRORS[e.type]) return BODY_ERRORS[e.type];
  if (e?.name === 'MulterError') {
    return e.code === 'LIMIT_FILE_SIZE' ? { status: 413, detail: 'File is too large' } : { status: 400, detail: String(e.message) };
  }
  const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : 0;
  if (status >= 400 && status < 500) return { status, detail: typeof e.message === 'string' && e.message ? e.message : 'Bad request' };
  return { status: 500, detail: SERVER_ERROR_DETAIL };
}

/**
 * The Retry-After of an answer carrying these errors (the tRPC door's batch, the adapter's one):
 * the longest wait an error names (a rate limit's, a full disk's), 5 s for any other 503. Null when none.
 */
export function retryAfterOf(errors: unknown[]): number | null {
  // A 503 that names no wait of its own (the database restarting or saturated) asks for the usual few seconds.
  const waits = errors.map((e) => {
    const h = toHttpError(e);
    return h.retryAfterS ?? (h.status === 503 ? DATABASE_RETRY_AFTER_S : 0);
  });
  const longest = Math.max(0, ...waits);
  return longest > 0 ? longest : null;
}

/** A 4xx is the caller's mistake and is not logged as a server error; anything else is a defect. */
export const isServerError = (e: HttpError) => e.status >= 500;

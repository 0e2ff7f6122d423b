// Services throw AppError; the tRPC layer maps the code once (server/trpc/init.ts) and the REST
// adapter maps it to an HTTP status. Nothing here imports tRPC.

export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    /** Seconds the caller should wait before trying again (a rate limit's 429): sent as Retry-After on both doors. */
    public readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

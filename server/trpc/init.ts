import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import { AppError, type AppErrorCode } from '../../shared/errors';
import type { Context } from './context';

// Zod's own wording ("Invalid input: expected string...") means little without the field name;
// the messages our schemas carry ("Please enter a coupon code") are shown as written.
const GENERIC_ZOD_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

export function zodDetail(error: ZodError): string {
  const messages = error.issues.map((issue) =>
    GENERIC_ZOD_MESSAGE.test(issue.message) && issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  return [...new Set(messages)].join('; ');
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const zodError = error.cause instanceof ZodError ? error.cause : null;
      const detail = zodError
        ? zodDetail(zodError)
        : error.code === 'INTERNAL_SERVER_ERROR'
          ? 'Something went wrong on our side. Please try again.'
          : error.message;
      return {
        ...shape,
        message: detail,
        detail,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path },
      };
    },
  });

const TRPC_CODE: Record<AppErrorCode, TRPCError['code']> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
};

/** Services throw AppError; this converts it to a TRPCError once, for both doors. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    return { ...result, error: new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause }) };
  }
  return result;
});

export const router = t.router;
export const middleware = t.middleware;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;
export const baseProcedure = t.procedure.use(appErrors);

import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { checkInput } from '../../shared/domain/safe-text';
import { toHttpError } from '../lib/http-error';
import type { Context } from './context';

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // Both doors send `detail` (the REST door's body is this shape too); no stack, ever.
    // The request id (X-Request-Id) rides along so that a shopper can quote it.
    errorFormatter({ shape, error, ctx }) {
      const { detail } = toHttpError(error);
      return {
        ...shape,
        message: detail,
        detail,
        request_id: ctx?.requestId,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path },
      };
    },
  });

const TRPC_CODE_BY_STATUS: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * Anything a procedure throws (AppError from a service, a zod error, a value the database refused)
 * becomes the TRPCError with the status toHttpError decides: one map for both doors.
 */
const convertErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok || result.error.code !== 'INTERNAL_SERVER_ERROR' || !result.error.cause) return result;
  const { status, detail } = toHttpError(result.error.cause);
  if (status >= 500 && status !== 503) return result;
  return { ...result, error: new TRPCError({ code: TRPC_CODE_BY_STATUS[status] ?? 'BAD_REQUEST', message: detail, cause: result.error.cause }) };
});

/** Every string of every input, before validation: no NUL bytes, no lone surrogates, bounded depth. */
const safeInput = t.middleware(async ({ getRawInput, next }) => {
  checkInput(await getRawInput());
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const baseProcedure = t.procedure.use(convertErrors).use(safeInput);

import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { TRPC_MAX_BATCH } from '../../shared/constants';
import type { AppDeps } from '../deps';
import { requestIdOf } from '../http/request-facts';
import { retryAfterOf } from '../lib/http-error';
import { isDiskFull } from '../db/errors';
import { diskSpace } from '../lib/disk-space';
import { logServerError } from '../lib/log';
import { rawJsonText } from '../http/json-body';
import { createExpressContext } from './context';
import { appRouter } from './root';

class MalformedPath extends Error {
  status = 400;
  expose = true;
}

// tRPC decodes the procedure path itself and answers its URIError (`/trpc/%ED%A0%80`, a lone
// surrogate's bytes) as a 500; such a path names no procedure, so it is the caller's 400.
function refuseMalformedPath(req: Request, _res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path);
  } catch {
    return next(new MalformedPath('The procedure path is not valid percent-encoded UTF-8'));
  }
  next();
}

/** The SPA's door at /trpc: body bounded in size and depth, batches capped, answers never cached. */
export function trpcDoor(deps: AppDeps): Router {
  const r = Router();
  r.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  r.use(refuseMalformedPath);
  r.use(rawJsonText());
  r.use(
    createExpressMiddleware({
      router: appRouter,
      createContext: createExpressContext(deps),
      maxBatchSize: TRPC_MAX_BATCH,
      responseMeta: ({ errors }) => {
        // A 503 (the database away or busy, a full disk) or a rate limit's 429 names its wait.
        const wait = retryAfterOf(errors);
        return wait ? { headers: { 'Retry-After': String(wait) } } : {};
      },
      onError: ({ error, path, req }) => {
        if (isDiskFull(error.cause)) diskSpace.noteFull(error.cause, `tRPC ${path ?? ''}`, requestIdOf(req));
        else if (error.code === 'INTERNAL_SERVER_ERROR') logServerError(`tRPC ${path ?? ''}`, error, requestIdOf(req));
      },
    }),
  );
  return r;
}

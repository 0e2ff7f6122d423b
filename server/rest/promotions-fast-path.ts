import { Router, type NextFunction, type Request, type Response } from 'express';
import { findInputProblem, inputProblemMessage } from '../../shared/domain/safe-text';
import { AppError } from '../../shared/errors';
import { validateCouponInput } from '../../shared/schemas/promotions.schema';
import type { AppDeps } from '../deps';
import { couponSession } from '../auth/coupon-attempts';
import { contextFromRequest } from '../trpc/context';
import * as promotions from '../services/promotions/promotions.service';
import { jsonBody } from '../http/json-body';
import { sendError } from './errors';

// POST /api/promotions/validate answered ahead of the tRPC/OpenAPI adapter, as the catalogue's
// cached paths are (catalog-fast-paths.ts): it is arithmetic over cached rules (the tiers and the
// coupons in promo-cache.ts), so the adapter alone would cost more than the answer, and this path
// is meant to reach at least half of bare Express's throughput. Same safe-input rule, same zod
// schema, same service, same failed-attempt limit (server/auth/coupon-attempts.ts) and the same
// error map as the procedure in promotions.router.ts, which stays the tRPC door and the OpenAPI
// description; tests/api/promotions/promotions.test.ts and coupon-guessing.test.ts call both doors.
export function promotionsFastPath(deps: AppDeps): Router {
  const r = Router();
  r.post('/promotions/validate', jsonBody(), (req: Request, res: Response, next: NextFunction) => {
    // A body that is not JSON goes on to the adapter, which answers it exactly as before.
    if (!req.is('application/json') && req.headers['content-type']) return next();
    const fail = (err: unknown) => sendError(res, err, 'promotions');
    try {
      const raw: unknown = req.body ?? {};
      const problem = findInputProblem(raw);
      if (problem) throw new AppError('BAD_REQUEST', inputProblemMessage(problem));
      const input = validateCouponInput.parse(raw);
      // The same caller as the tRPC door sees (context.ts): the address, and the user or guest id.
      const ctx = contextFromRequest(deps, req);
      const answer = (ctx.token ? ctx.getAuth() : Promise.resolve(null)).then((auth) =>
        promotions.validateCoupon(deps.db, input, {
          attempts: deps.limiters.couponAttempts,
          caller: { ip: ctx.ip, session: couponSession(auth?.user.id, ctx.guestId) },
        }),
      );
      answer.then((a) => void res.json(a), fail);
    } catch (err) {
      fail(err);
    }
  });
  return r;
}

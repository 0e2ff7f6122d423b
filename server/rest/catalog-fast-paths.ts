import { Router, type NextFunction, type Request, type Response } from 'express';
import { findInputProblem, inputProblemMessage } from '../../shared/domain/safe-text';
import { AppError } from '../../shared/errors';
import { filterProductsInput, productIdInput } from '../../shared/schemas/catalog.schema';
import type { AppDeps } from '../deps';
import type { CachedAnswer } from '../services/catalogue/catalog-cache';
import * as catalog from '../services/catalogue/catalog.service';
import { sendError } from './errors';
import { jsonBody } from '../http/json-body';

// THE ONE DELIBERATE BYPASS of the procedures door: the three hottest REST paths are answered here,
// ahead of the tRPC/OpenAPI adapter, which alone costs more than half of Express's throughput,
// while these paths are meant to keep up with bare Express. Same zod schemas, same input rule, same
// service and cache, same error map as the procedures in catalog.router.ts, which stay the tRPC
// door and the OpenAPI description; tests/api/catalog-*.test.ts call both doors and compare.

function sendAnswer(res: Response, answer: CachedAnswer<unknown>) {
  res.status(200).type('application/json').send(answer.json);
}

/** Parses like a procedure would: the safe-input rule first, then the zod schema. */
function parse<T>(schema: { parse(v: unknown): T }, raw: unknown): T {
  const problem = findInputProblem(raw);
  if (problem) throw new AppError('BAD_REQUEST', inputProblemMessage(problem));
  return schema.parse(raw);
}

export function catalogFastPaths(deps: AppDeps): Router {
  const r = Router();
  const fail = (res: Response) => (err: unknown) => sendError(res, err, 'catalog');

  r.get('/products/filter-options', (_req, res) => {
    catalog.filterOptionsCached(deps.db).then((a) => sendAnswer(res, a), fail(res));
  });

  r.post('/products/filter', jsonBody('64kb'), (req: Request, res: Response, next: NextFunction) => {
    // A body that is not JSON goes on to the adapter, which answers it exactly as before.
    if (!req.is('application/json') && req.headers['content-type']) return next();
    try {
      const input = parse(filterProductsInput, req.body ?? {});
      catalog.filterProductsCached(deps.db, input).then((a) => sendAnswer(res, a), fail(res));
    } catch (err) {
      fail(res)(err);
    }
  });

  r.get('/products/:id', (req, res) => {
    try {
      const { id } = parse(productIdInput, { id: req.params.id });
      catalog.productDetailCached(deps.db, id).then((a) => sendAnswer(res, a), fail(res));
    } catch (err) {
      fail(res)(err);
    }
  });
  return r;
}

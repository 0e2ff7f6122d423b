import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps';
import { jsonBody } from '../http/json-body';
import { contextFromRequest } from '../trpc/context';
import { createCaller } from '../trpc/root';
import { sendError } from './errors';

type Caller = ReturnType<typeof createCaller>;

// The busiest per-shopper REST paths, called straight through the procedure (createCaller) instead
// of through the tRPC/OpenAPI adapter, which builds a Fetch Request, matches the path and formats
// the answer for every call: measured at about a third of these requests' CPU once the session is
// cached (docs/decisions/0085-hot-procedures.md). Nothing else changes: the same procedure runs
// with the same context (principal, guest id), middlewares (safe input, roles), input and output
// schemas and error map; the adapter still serves every other path and the tRPC door is untouched.
// Tests call these paths through both doors (tests/api/cart/cart.test.ts, chat.test.ts, auth.test.ts).
const hot: { method: 'get' | 'post'; path: string; call(c: Caller, req: Request): Promise<unknown> }[] = [
  { method: 'get', path: '/users/me', call: (c) => c.users.me() },
  { method: 'get', path: '/cart', call: (c, req) => c.cart.get(Object.keys(req.query).length ? req.query : undefined) },
  { method: 'post', path: '/cart/add', call: (c, req) => c.cart.add(req.body ?? {}) },
  { method: 'get', path: '/chat/sessions/:sessionId/history', call: (c, req) => c.chat.history({ ...req.query, sessionId: String(req.params.sessionId) }) },
];

export function hotProcedures(deps: AppDeps): Router {
  const r = Router();
  for (const h of hot) {
    const handle = (req: Request, res: Response) => {
      h.call(createCaller(contextFromRequest(deps, req)), req).then(
        (answer) => void res.json(answer),
        (err: unknown) => sendError(res, err, `REST ${h.path}`),
      );
    };
    if (h.method === 'get') {
      r.get(h.path, handle);
    } else {
      // Only JSON bodies (or none at all) are taken here; anything else goes on to the adapter.
      r.post(h.path, jsonBody(), (req, res, next) => (req.headers['content-type'] && !req.is('application/json') ? next() : handle(req, res)));
    }
  }
  return r;
}

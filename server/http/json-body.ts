import express, { type NextFunction, type Request, type Response } from 'express';
import { jsonDepthExceeds, MAX_INPUT_DEPTH } from '../../shared/domain/safe-text';

const MAX_JSON_BODY = '1mb';

class TooDeep extends Error {
  status = 400;
  expose = true;
}

// Nesting is checked on the raw bytes before JSON.parse, so a body thousands of levels deep costs
// one scan and a 400, never a stack overflow in a parser or validator.
function refuseDeepJson(_req: unknown, _res: unknown, buf: Buffer) {
  if (buf.length && jsonDepthExceeds(buf.toString('utf8'))) {
    throw new TooDeep(`The request body is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`);
  }
}

class NotJson extends Error {
  status = 415;
  expose = true;
}

/**
 * A body that is not JSON is refused here, as `{ detail, request_id }` like every other error,
 * rather than by the OpenAPI adapter, which answers before any context exists (no request id).
 * GET and DELETE bodies are never read, so their content type does not matter.
 */
export function requireJsonBody(req: Request, _res: Response, next: NextFunction) {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE' || !req.headers['content-type'] || req.is('application/json')) return next();
  next(new NotJson('The request body must be JSON, sent with Content-Type: application/json.'));
}

/** JSON bodies for the /api door: strict, bounded in size and depth. */
export const jsonBody = (limit: string = MAX_JSON_BODY) => express.json({ limit, strict: true, verify: refuseDeepJson });

/**
 * The /trpc door's body, kept as text (tRPC parses it itself) but bounded in size and depth first.
 * Any content type is accepted, as tRPC's own clients and curl send differing ones.
 */
export const rawJsonText = (limit: string = MAX_JSON_BODY) => express.text({ limit, type: () => true, verify: refuseDeepJson });

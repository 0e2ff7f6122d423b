import express from 'express';
import { jsonDepthExceeds, MAX_INPUT_DEPTH } from '../../shared/domain/safe-text';

export const MAX_JSON_BODY = '1mb';

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

/** JSON bodies for the /api door: strict, bounded in size and depth. */
export const jsonBody = (limit: string = MAX_JSON_BODY) => express.json({ limit, strict: true, verify: refuseDeepJson });

/**
 * The /trpc door's body, kept as text (tRPC parses it itself) but bounded in size and depth first.
 * Any content type is accepted, as tRPC's own clients and curl send differing ones.
 */
export const rawJsonText = (limit: string = MAX_JSON_BODY) => express.text({ limit, type: () => true, verify: refuseDeepJson });

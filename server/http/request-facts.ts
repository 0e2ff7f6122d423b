import type { Request, Response } from 'express';

// What the request log knows about a request beyond Express's own fields, kept beside the request
// (no async context needed): its id, set first, and the signed-in user, set by the principal.

export interface RequestFacts {
  requestId: string;
  userId?: string;
  /** The API key's id when an integration is calling. */
  keyId?: string;
}

// A symbol-keyed property rather than a WeakMap: every request would add two short-lived WeakMap
// keys, which costs more (and burdens the garbage collector) on the hottest paths.
const FACTS = Symbol('packshop.requestFacts');
type WithFacts = { [FACTS]?: RequestFacts };

export function setRequestFacts(req: Request, res: Response, f: RequestFacts): void {
  (req as WithFacts)[FACTS] = f;
  (res as WithFacts)[FACTS] = f;
}

/** The id of the request being answered (undefined outside an HTTP request, e.g. a test caller). */
export function requestIdOf(reqOrRes: Request | Response | undefined): string | undefined {
  return (reqOrRes as WithFacts | undefined)?.[FACTS]?.requestId;
}

/** Who the principal found (server/trpc/context.ts): the ids go into the request's log line. */
export function noteUser(req: Request, who: { userId: string; keyId?: string }): void {
  const f = (req as WithFacts)[FACTS];
  if (f) Object.assign(f, who);
}

import type { Request, Response } from 'express';

// What the request log knows about a request beyond Express's own fields, kept beside the request
// (no async context needed): its id, set first, and the signed-in user, set by the principal.

export interface RequestFacts {
  requestId: string;
  userId?: string;
}

const facts = new WeakMap<Request | Response, RequestFacts>();

export function setRequestFacts(req: Request, res: Response, f: RequestFacts): void {
  facts.set(req, f);
  facts.set(res, f);
}

/** The id of the request being answered (undefined outside an HTTP request, e.g. a test caller). */
export function requestIdOf(reqOrRes: Request | Response | undefined): string | undefined {
  return reqOrRes ? facts.get(reqOrRes)?.requestId : undefined;
}

/** Who the principal found (server/trpc/context.ts): the user id goes into the request's log line. */
export function noteUser(req: Request, userId: string): void {
  const f = facts.get(req);
  if (f) f.userId = userId;
}

import { badRequest } from '../../../shared/errors';
import { FEED_DEFAULT_LIMIT, type FeedInput } from '../../../shared/schemas/feed.schema';

// Keyset pagination over (updatedAt, id): the cursor is the last row's pair, base64url-encoded so
// callers treat it as opaque. Unlike an offset, it stays right while rows change between pages: a
// row changed meanwhile moves to the end and is met again there, none is skipped.

interface Position {
  updatedAt: Date;
  id: string;
}

const BAD_CURSOR = 'cursor is not valid: pass the next_cursor of a previous page as it was given';

function encodeCursor(p: Position): string {
  return Buffer.from(`${p.updatedAt.toISOString()}|${p.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): Position {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badRequest(BAD_CURSOR);
  const [stamp, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const updatedAt = new Date(stamp ?? '');
  if (rest.length || !id || !/^[A-Za-z0-9_-]{1,64}$/.test(id) || Number.isNaN(updatedAt.getTime()) || updatedAt.toISOString() !== stamp) throw badRequest(BAD_CURSOR);
  return { updatedAt, id };
}

/**
 * The where clause and order of one page: rows after the cursor (and changed since updated_since),
 * oldest change first. Prisma accepts it for any model with updatedAt and id.
 */
export function feedQuery(input: FeedInput) {
  const after = input?.cursor ? decodeCursor(input.cursor) : null;
  const since = input?.updated_since ? new Date(input.updated_since) : null;
  const where = {
    AND: [
      since ? { updatedAt: { gte: since } } : {},
      after ? { OR: [{ updatedAt: { gt: after.updatedAt } }, { updatedAt: after.updatedAt, id: { gt: after.id } }] } : {},
    ],
  };
  return { where, orderBy: [{ updatedAt: 'asc' as const }, { id: 'asc' as const }], limit: input?.limit ?? FEED_DEFAULT_LIMIT };
}

/** One page and the cursor to the next; it fetches one row more than asked to know whether there is one. */
export function pageOf<T extends Position, U>(rows: T[], limit: number, map: (row: T) => U) {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return { items: shown.map(map), next_cursor: more ? encodeCursor(shown[shown.length - 1]) : null };
}

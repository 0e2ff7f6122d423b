import type { Prisma, PrismaClient } from '@prisma/client';
import { shopDayRange } from '../../../shared/domain/shop-time';
import { badRequest } from '../../../shared/errors';
import { MY_ORDERS_DEFAULT_LIMIT } from '../../../shared/domain/my-orders';
import type { MyOrdersInput, MyOrdersPage } from '../../../shared/schemas/my-orders.schema';
import { orderSelect, toOrderDto } from './order.mapper';

// A buyer's orders, newest first, by keyset over (createdAt, id) descending: the cursor is the last
// order shown, so a page is one index range scan on (userId, createdAt) however old the history,
// and orders placed meanwhile never push one already seen onto the next page (decision 0172).

interface Position {
  createdAt: Date;
  id: string;
}

const BAD_CURSOR = 'cursor is not valid: pass the next cursor of a previous page as it was given';

const encodeCursor = (p: Position) => Buffer.from(`${p.createdAt.toISOString()}|${p.id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): Position {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badRequest(BAD_CURSOR);
  const [stamp, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(stamp ?? '');
  if (rest.length || !id || !/^[A-Za-z0-9_-]{1,64}$/.test(id) || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== stamp) throw badRequest(BAD_CURSOR);
  return { createdAt, id };
}

/** The filters of the buyer's list: order number (any part, any case), status, days placed in Singapore time. */
function filters(userId: string, input: MyOrdersInput): Prisma.OrderWhereInput[] {
  const placed = shopDayRange(input?.from, input?.to);
  return [
    { userId },
    input?.search ? { orderNumber: { contains: input.search.toUpperCase().replace(/\s+/g, '') } } : {},
    input?.status ? { status: input.status } : {},
    placed.gte || placed.lt ? { createdAt: placed } : {},
  ];
}

/** One page of the buyer's orders and the cursor of the next (null on the last). */
export async function listMyOrders(db: PrismaClient, userId: string, input: MyOrdersInput): Promise<MyOrdersPage> {
  const limit = input?.limit ?? MY_ORDERS_DEFAULT_LIMIT;
  const after = input?.cursor ? decodeCursor(input.cursor) : null;
  const where: Prisma.OrderWhereInput = {
    AND: [
      ...filters(userId, input),
      after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {},
    ],
  };
  // One row more than asked tells whether there is a next page without counting.
  const rows = await db.order.findMany({ where, select: orderSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit + 1 });
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown[shown.length - 1];
  return { items: shown.map(toOrderDto), next_cursor: more && last ? encodeCursor(last) : null };
}

/**
 * The REST answer's headers for the next page (RFC 8288 Link with rel="next", and the bare cursor):
 * the same filters and limit with the next cursor. None on the last page.
 */
export function nextPageHeaders(input: MyOrdersInput, nextCursor: string | null): Record<string, string> {
  if (!nextCursor) return {};
  const query = new URLSearchParams();
  for (const key of ['limit', 'search', 'status', 'from', 'to'] as const) {
    const value = input?.[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  query.set('cursor', nextCursor);
  return { 'X-Next-Cursor': nextCursor, Link: `</api/orders?${query.toString()}>; rel="next"` };
}

// The coupon use count, in SQL for its FILTER and its join on the order's e-mail. Rows are checked by zod.
import { z } from 'zod';
import type { SqlClient } from '../../db/sql-client';
import { int } from '../../db/sql-rows';

const usesRow = z.object({ total: int, by_customer: int });

/**
 * Orders that used a coupon, and those of one customer (by lower-cased e-mail); cancelled orders
 * gave their use back (docs/decisions/0007-coupon-usage-limits.md).
 */
export async function couponUses(db: SqlClient, couponId: string, email: string | null): Promise<{ total: number; byCustomer: number }> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT count(*) AS total, count(*) FILTER (WHERE lower(o."email") = ${email?.toLowerCase() ?? null}) AS by_customer
    FROM "CouponRedemption" r JOIN "Order" o ON o."id" = r."orderId"
    WHERE r."couponId" = ${couponId} AND o."status" <> 'cancelled'`;
  const row = usesRow.parse(rows[0]);
  return { total: row.total, byCustomer: row.by_customer };
}

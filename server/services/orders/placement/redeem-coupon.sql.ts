// A coupon's use recorded with the order, as SQL (why order placement is written as SQL: read-lines.sql.ts).
import { newId } from '../../../db/ids';
import type { SqlClient as Tx } from '../../../db/sql-client';

/** Locks a coupon with a use limit, so that orders using it count its uses one after another. */
export async function lockCoupon(tx: Tx, couponId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Coupon" WHERE "id" = ${couponId} FOR UPDATE`;
}

/** One use of a coupon, recorded with its order. */
export async function recordCouponUse(tx: Tx, use: { couponId: string; orderId: string; userId: string; discountCents: number }): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "CouponRedemption" ("id", "couponId", "orderId", "userId", "discountCents")
    VALUES (${newId()}, ${use.couponId}, ${use.orderId}, ${use.userId}, ${use.discountCents})`;
}

// Step 8: one use of the coupon, recorded with the order. A coupon with a limit is locked first
// (orders using it queue here until they commit, after variants, products and gifts: the same order
// for every order, so no deadlocks) and its uses counted in the next statement, which under READ
// COMMITTED sees every use committed before the lock was granted: two orders at once cannot both
// take the last use (docs/decisions/0007-coupon-usage-limits.md).
import { COUPON_MESSAGES } from '../../../../shared/domain/coupon';
import { AppError } from '../../../../shared/errors';
import type { SqlClient } from '../../../db/sql-client';
import { couponUses, type FoundCoupon } from '../../promotions/promotions.service';
import { lockCoupon, recordCouponUse } from './redeem-coupon.sql';

export async function redeemCouponStep(tx: SqlClient, coupon: FoundCoupon, use: { orderId: string; userId: string; email: string; discountCents: number }) {
  if (coupon.usageLimit != null || coupon.usageLimitPerCustomer != null) {
    await lockCoupon(tx, coupon.id);
    const used = await couponUses(tx, coupon.id, use.email);
    if (coupon.usageLimit != null && used.total >= coupon.usageLimit) throw new AppError('CONFLICT', COUPON_MESSAGES.usedUp);
    if (coupon.usageLimitPerCustomer != null && used.byCustomer >= coupon.usageLimitPerCustomer) throw new AppError('CONFLICT', COUPON_MESSAGES.usedByCustomer);
  }
  await recordCouponUse(tx, { couponId: coupon.id, orderId: use.orderId, userId: use.userId, discountCents: use.discountCents });
}

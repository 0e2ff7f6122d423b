import type { Prisma, PrismaClient } from '@prisma/client';
import { toCents, toDollars } from '../../../shared/domain/money';
import { conflict, notFound } from '../../../shared/errors';
import type { CouponInput } from '../../../shared/schemas/coupons.schema';
import { isUniqueViolation } from '../../db/errors';
import { notePromotionsChanged, unitOfWork } from '../../db/unit-of-work';
import { couponSelect } from './promotions.service';
import { newId } from '../../db/ids';

const adminCouponSelect = {
  ...couponSelect,
  // Cancelled orders gave their use back (docs/decisions/0007-coupon-usage-limits.md).
  _count: { select: { redemptions: { where: { order: { status: { not: 'cancelled' } } } } } },
} as const;

type Row = Prisma.CouponGetPayload<{ select: typeof adminCouponSelect }>;

// Stored: fixed in cents, percent in hundredths of a percent (so 12.5 % is exact).
const toWire = (c: Row) => ({
  id: c.id,
  code: c.code,
  type: c.type,
  value: c.type === 'percent' ? c.value / 100 : toDollars(c.value),
  min_order_amount: toDollars(c.minOrderCents),
  valid_from: c.validFrom.toISOString(),
  valid_to: c.validTo.toISOString(),
  is_active: c.isActive,
  usage_limit: c.usageLimit,
  usage_limit_per_customer: c.usageLimitPerCustomer,
  times_used: c._count.redemptions,
});

const toData = (c: CouponInput) => ({
  code: c.code,
  type: c.type,
  value: c.type === 'percent' ? Math.round(c.value * 100) : toCents(c.value),
  minOrderCents: toCents(c.min_order_amount),
  validFrom: new Date(c.valid_from),
  validTo: new Date(c.valid_to),
  isActive: c.is_active,
  usageLimit: c.usage_limit,
  usageLimitPerCustomer: c.usage_limit_per_customer,
});

async function uniqueCode<T>(code: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`Coupon code ${code} already exists`);
    throw err;
  }
}

export async function listCoupons(db: PrismaClient) {
  const rows = await db.coupon.findMany({ orderBy: { createdAt: 'desc' }, select: adminCouponSelect });
  return rows.map(toWire);
}

// Every change drops the cached coupons (server/services/promotions/promo-cache.ts), here and on
// other instances, once it has committed.
export async function createCoupon(db: PrismaClient, input: CouponInput) {
  const row = await uniqueCode(input.code, () =>
    unitOfWork(db, (tx) => {
      notePromotionsChanged(tx);
      return tx.coupon.create({ data: { id: newId(), ...toData(input) }, select: adminCouponSelect });
    }),
  );
  return toWire(row);
}

export async function updateCoupon(db: PrismaClient, id: string, input: CouponInput) {
  const exists = await db.coupon.count({ where: { id } });
  if (!exists) throw notFound('Coupon not found');
  const row = await uniqueCode(input.code, () =>
    unitOfWork(db, (tx) => {
      notePromotionsChanged(tx);
      return tx.coupon.update({ where: { id }, data: toData(input), select: adminCouponSelect });
    }),
  );
  return toWire(row);
}

/** Redemptions go with the coupon; orders keep their own coupon_code and discount. */
export async function deleteCoupon(db: PrismaClient, id: string) {
  await unitOfWork(db, async (tx) => {
    notePromotionsChanged(tx);
    const { count } = await tx.coupon.deleteMany({ where: { id } });
    if (!count) throw notFound('Coupon not found');
  });
  return { ok: true, message: 'Coupon deleted' };
}

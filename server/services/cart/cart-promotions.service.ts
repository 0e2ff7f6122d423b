// A coupon on the cart and the gifts picked from the tiers it reaches: the cart's half of
// promotions (cart.service.ts holds the cart and its lines; order placement checks both again).
import type { Prisma, PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { badRequest } from '../../../shared/errors';
import { checkCoupon, COUPON_MESSAGES, couponRefusal } from '../../../shared/domain/coupon';
import { couponSession, type CouponAttempts } from '../../auth/coupon-attempts';
import { selectionProblem } from '../../../shared/domain/gift-tiers';
import { type applyCouponInput, type toggleGiftInput } from '../../../shared/schemas/cart.schema';
import { lockCart } from './cart.sql';
import { findCouponWithUses, isFailedAttempt } from '../promotions/promotions.service';
import { unitOfWork } from '../../db/unit-of-work';
import { newId } from '../../db/ids';

import { ensureCart, getCart, ownerWhere, requireOwner, viewById, type CartOwner, type NewGuestCartCheck } from './cart.service';

type Db = Prisma.TransactionClient;

/**
 * Applies a code after checking it as order placement will (uses left included; the per-customer
 * limit needs a signed-in shopper's e-mail, a guest's is checked at the order). Codes that do not
 * exist count against the caller's failed attempts (server/auth/coupon-attempts.ts).
 */
export async function applyCoupon(
  db: Db,
  ownerOrNull: CartOwner | null,
  input: z.infer<typeof applyCouponInput>,
  guard: { attempts: CouponAttempts; ip: string; newGuestCart: NewGuestCartCheck },
  now = new Date(),
) {
  const owner = requireOwner(ownerOrNull);
  const caller = { ip: guard.ip, session: 'userId' in owner ? couponSession(owner.userId, null) : couponSession(null, owner.guestId) };
  guard.attempts.assertAllowed(caller);
  const view = await getCart(db, owner, now);
  if (view.items.length === 0) throw badRequest('Add something to your cart before applying a coupon');
  const email = 'userId' in owner ? ((await db.user.findUnique({ where: { id: owner.userId }, select: { email: true } }))?.email ?? null) : null;
  const coupon = await findCouponWithUses(db, input.coupon_code, email);
  const check = checkCoupon(coupon, Math.round(view.subtotal * 100), now);
  if (!check.valid || !coupon) {
    if (isFailedAttempt(check)) await guard.attempts.failed(caller);
    throw check.valid ? badRequest(COUPON_MESSAGES.invalid) : couponRefusal(check);
  }
  const cartId = await ensureCart(db, owner, guard.newGuestCart);
  await db.cart.update({ where: { id: cartId }, data: { couponCode: coupon.code } });
  return viewById(db, cartId, owner, now);
}

export async function removeCoupon(db: Db, owner: CartOwner | null) {
  if (owner) await db.cart.updateMany({ where: ownerWhere(owner) as Prisma.CartWhereInput, data: { couponCode: null } });
  return getCart(db, owner);
}

/**
 * Picks or unpicks a gift; a pick must fit a reached tier and its gift_limit. Picking a picked gift
 * under another tier moves it there, in one transaction: a refused move leaves the pick as it was.
 */
export async function toggleGift(db: PrismaClient, ownerOrNull: CartOwner | null, input: z.infer<typeof toggleGiftInput>, newGuestCart: NewGuestCartCheck) {
  const owner = requireOwner(ownerOrNull);
  // Outside the transaction: on PostgreSQL the unique violation of a concurrent first request
  // would abort it, and an empty cart left behind by a refused pick costs nothing.
  const cartId = await ensureCart(db, owner, newGuestCart);
  return unitOfWork(db, async (tx) => {
    // Two gift changes of one cart at once (PostgreSQL) take turns, so both cannot pass the tier limit.
    await lockCart(tx, cartId);
    const existing = await tx.cartGift.findFirst({ where: { cartId, giftItemId: input.gift_id }, select: { id: true, tierId: true } });
    if (existing) {
      await tx.cartGift.deleteMany({ where: { id: existing.id } });
      if (existing.tierId === input.tier_id) return viewById(tx, cartId, owner);
    }
    const view = await viewById(tx, cartId, owner);
    const current = view.selected_gifts.map((g) => ({ tierId: g.tier_id, giftId: g.gift_id }));
    const available = view.available_gift_tiers.map((t) => ({ ...t, spending_threshold_cents: Math.round(t.spending_threshold * 100) }));
    const problem = selectionProblem(available, [...current, { tierId: input.tier_id, giftId: input.gift_id }]);
    if (problem) throw badRequest(problem); // rolls back the removal above
    // skipDuplicates: a double click finds it already picked (a unique violation would abort the transaction).
    await tx.cartGift.createMany({ data: [{ id: newId(), cartId, giftItemId: input.gift_id, tierId: input.tier_id }], skipDuplicates: true });
    return viewById(tx, cartId, owner);
  });
}

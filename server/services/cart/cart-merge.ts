import type { PrismaClient } from '@prisma/client';
import { availableStock } from '../../../shared/domain/stock';
import { fitRoom } from '../../../shared/domain/quantity-rules';
import { rulesOf } from '../../../shared/domain/quantity-rule-checks';
import { MAX_LINE_QUANTITY } from '../../../shared/schemas/cart.schema';
import type { AppDeps } from '../../deps';
import { unitOfWork } from '../../db/unit-of-work';
import { newId } from '../../db/ids';

/**
 * At login or registration the guest cart joins the user's cart: quantities add up, capped at what
 * is available and then brought down to what the variant's order quantity rules allow (two lines of
 * 300 with a maximum of 500 make 500, not 600; nothing is added when not even the rules' smallest
 * order fits); the user's own coupon wins, else the guest's; gifts come along (the cart view
 * drops any the merged cart does not qualify for). The guest cart is then deleted.
 */
export async function mergeGuestCart(deps: AppDeps, userId: string, guestId: string | null): Promise<void> {
  if (!guestId) return;
  const db: PrismaClient = deps.db;
  const guest = await db.cart.findUnique({
    where: { guestId },
    select: {
      id: true,
      couponCode: true,
      items: { select: { variantId: true, quantity: true, variant: { select: { onHand: true, allocated: true, safetyStock: true, orderMinimum: true, orderMultiple: true, orderMaximum: true } } } },
      gifts: { select: { giftItemId: true, tierId: true } },
    },
  });
  if (!guest) return;
  await unitOfWork(db, async (tx) => {
      const user =
        (await tx.cart.findUnique({ where: { userId }, select: { id: true, couponCode: true, items: { select: { variantId: true, quantity: true } }, gifts: { select: { giftItemId: true } } } })) ??
        { ...(await tx.cart.create({ data: { id: newId(), userId }, select: { id: true, couponCode: true } })), items: [], gifts: [] };
      const mine = new Map(user.items.map((i) => [i.variantId, i.quantity]));
      for (const item of guest.items) {
        const had = mine.get(item.variantId) ?? 0;
        const cap = Math.min(availableStock(item.variant), MAX_LINE_QUANTITY);
        const qty = had + fitRoom(Math.min(had + item.quantity, cap) - had, had, rulesOf(item.variant));
        if (qty <= 0 || qty === had) continue;
        await tx.cartItem.upsert({
          where: { cartId_variantId: { cartId: user.id, variantId: item.variantId } },
          create: { id: newId(), cartId: user.id, variantId: item.variantId, quantity: qty },
          update: { quantity: qty },
        });
      }
      const haveGift = new Set(user.gifts.map((g) => g.giftItemId));
      const gifts = guest.gifts.filter((g) => !haveGift.has(g.giftItemId));
      if (gifts.length) await tx.cartGift.createMany({ data: gifts.map((g) => ({ id: newId(), cartId: user.id, ...g })), skipDuplicates: true });
      if (!user.couponCode && guest.couponCode) await tx.cart.update({ where: { id: user.id }, data: { couponCode: guest.couponCode } });
      await tx.cart.deleteMany({ where: { id: guest.id } });
    });
}

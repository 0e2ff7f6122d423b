import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { idSchema } from '../../../shared/schemas/common.schema';
import { addToCartInput, applyCouponInput, cartQueryInput, cartOutput, toggleGiftInput, updateCartItemInput } from '../../../shared/schemas/cart.schema';
import { bulkCartInput, bulkCartOutput, bulkCheckOutput, skuSuggestInput, skuSuggestOutput } from '../../../shared/schemas/repeat-buying.schema';
import { newGuestCartCheck } from '../../auth/rate-limit';
import * as cart from '../../services/cart/cart.service';
import * as cartPromotions from '../../services/cart/cart-promotions.service';
import { bulkAdd, bulkCheck, suggestSkus } from '../../services/cart/repeat-buying.service';
import type { Context } from '../../trpc/context';
import { router } from '../../trpc/init';
import { optionalUserProcedure } from '../../trpc/procedures';

const empty = z.object({}).optional();
const owner = (ctx: { user: { id: string } | null; guestId: string | null }) => cart.cartOwner(ctx.user, ctx.guestId);
// Every procedure that can make a guest's first cart passes this (decision 0163).
const newCart = (ctx: Pick<Context, 'limiters' | 'ip'>) => newGuestCartCheck(ctx.limiters, ctx.ip);
const meta = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: `/${string}`, summary: string): OpenApiMeta => ({ openapi: { method, path, tags: ['cart'], summary } });

export const cartRouter = router({
  get: optionalUserProcedure
    .meta(meta('GET', '/cart', 'The whole cart (guest by X-Session-Id, or the signed-in user); ?country=MY prices shipping to Malaysia'))
    .input(cartQueryInput)
    .output(cartOutput)
    .query(({ ctx, input }) => cart.getCart(ctx.db, owner(ctx), new Date(), input?.country)),

  add: optionalUserProcedure
    .meta(meta('POST', '/cart/add', 'Add a variant; answers the whole cart'))
    .input(addToCartInput)
    .output(cartOutput)
    .mutation(({ ctx, input }) => cart.addItem(ctx.db, owner(ctx), input, newCart(ctx))),

  updateItem: optionalUserProcedure
    .meta(meta('PUT', '/cart/item/{id}', 'Set a line quantity (0 removes it)'))
    .input(updateCartItemInput)
    .output(cartOutput)
    .mutation(({ ctx, input }) => cart.updateItem(ctx.db, owner(ctx), input)),

  removeItem: optionalUserProcedure
    .meta(meta('DELETE', '/cart/item/{id}', 'Remove a line'))
    .input(z.object({ id: idSchema }))
    .output(cartOutput)
    .mutation(({ ctx, input }) => cart.removeItem(ctx.db, owner(ctx), input.id)),

  clear: optionalUserProcedure
    .meta(meta('DELETE', '/cart', 'Empty the cart (items, coupon and gifts)'))
    .input(empty)
    .output(cartOutput)
    .mutation(({ ctx }) => cart.clearCart(ctx.db, owner(ctx))),

  applyCoupon: optionalUserProcedure
    .meta(meta('POST', '/cart/coupon', 'Apply a coupon code to the cart'))
    .input(applyCouponInput)
    .output(cartOutput)
    .mutation(({ ctx, input }) => cartPromotions.applyCoupon(ctx.db, owner(ctx), input, { attempts: ctx.limiters.couponAttempts, ip: ctx.ip, newGuestCart: newCart(ctx) })),

  removeCoupon: optionalUserProcedure
    .meta(meta('DELETE', '/cart/coupon', 'Remove the coupon from the cart'))
    .input(empty)
    .output(cartOutput)
    .mutation(({ ctx }) => cartPromotions.removeCoupon(ctx.db, owner(ctx))),

  toggleGift: optionalUserProcedure
    .meta(meta('POST', '/cart/gifts/toggle', 'Pick or unpick a free gift of a reached tier'))
    .input(toggleGiftInput)
    .output(cartOutput)
    .mutation(({ ctx, input }) => cartPromotions.toggleGift(ctx.db, owner(ctx), input, newCart(ctx))),

  bulk: optionalUserProcedure
    .meta(meta('POST', '/cart/bulk', 'Add up to 200 lines by SKU: every valid line together or none; answers the cart and a result per line'))
    .input(bulkCartInput)
    .output(bulkCartOutput)
    .mutation(({ ctx, input }) => bulkAdd(ctx.db, owner(ctx), input.items, newCart(ctx))),

  bulkCheck: optionalUserProcedure
    .meta(meta('POST', '/cart/bulk/check', 'Check lines by SKU as /cart/bulk would, without adding: product, pack size, unit price, stock or the reason'))
    .input(bulkCartInput)
    .output(bulkCheckOutput)
    .mutation(({ ctx, input }) => bulkCheck(ctx.db, owner(ctx), input.items)),

  skuSuggestions: optionalUserProcedure
    .meta(meta('GET', '/cart/sku-suggestions', 'Up to 8 SKUs containing the typed text, for quick order'))
    .input(skuSuggestInput)
    .output(skuSuggestOutput)
    .query(({ ctx, input }) => suggestSkus(ctx.db, input.q)),
});

// What every step of placing an order is handed: the request, the buyer, and where the lines come
// from when they are not the cart (an accepted quote).
import type { Prisma } from '@prisma/client';
import type { z } from 'zod';
import type { placeOrderInput } from '../../../../shared/schemas/order.schema';
import type { CartLineRow } from '../../cart/cart-view';
import type { OrderRow } from '../order.mapper';
import type { AppUser } from '../../../auth/user.mapper';

export type PlaceOrderInput = z.infer<typeof placeOrderInput>;

/** Who places the order: the signed-in customer, with the company the tax invoice bills (if any). */
export type Buyer = { id: string; email: string; membership?: Pick<NonNullable<AppUser['membership']>, 'companyId' | 'company'> | null };

/**
 * An accepted quote (server/services/quotes/): the order is made of its lines at its prices instead
 * of the cart, and every other rule of placing an order (the key, stock, GST, the outbox, webhooks,
 * the invoice number) stays placement's. The cart is not read (a quote asked for on the cart takes
 * its lines out of it in `accepted`, decision 0180); a quote has no coupon or gifts.
 */
export interface QuotedSource<C = Prisma.TransactionClient> {
  /** Locks the quote, checks it can be accepted now, and answers its lines with the quoted prices. */
  take(tx: C, now: Date): Promise<{ items: CartLineRow[]; unitCents: number[]; shippingCents: number }>;
  /** Marks the quote accepted by this order, in the order's transaction (once: the row is locked). */
  accepted(tx: C, order: OrderRow, now: Date): Promise<void>;
}

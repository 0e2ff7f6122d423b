// Placing an order: one transaction, so stock is never oversold and a failure leaves nothing
// behind, written as named steps (placement/, one file each, in the order they run; decision 0184).
// Every figure is recomputed from the database, stock is allocated with conditional updates
// (nothing is written if any line falls short), and the shopper's own rows are written before the
// shared ones are locked, so shared locks are held for as short a time as possible. A cart's order
// runs on a plain pg connection (sqlUnitOfWork, raw SQL only: Prisma's own work per statement was
// most of an order's CPU, docs/decisions/0148); an accepted quote's keeps Prisma's transaction,
// which its QuotedSource needs. Idempotent per key, so a retried request gets the same order
// instead of a second one. The tax invoice number is given right after the commit, by a statement
// of its own (invoice-numbering.ts), before the shopper is answered.
import type { PrismaClient } from '@prisma/client';
import { AppError } from '../../../shared/errors';
import { COUPON_MESSAGES } from '../../../shared/domain/coupon';
import { idempotencyKeySchema } from '../../../shared/schemas/order.schema';
import { isUniqueViolation } from '../../db/errors';
import type { SqlClient } from '../../db/sql-client';
import { noteCatalogueChanged, noteInvoicesDue, noteSessionsChanged, sqlUnitOfWork, unitOfWork } from '../../db/unit-of-work';
import { couponSession, type CouponAttempts } from '../../auth/coupon-attempts';
import { ordersPlaced } from '../../lib/metrics';
import { mailerWith, type MailSettings } from '../../mail/mail.service';
import type { StripeSettings } from '../stripe/config';
import { numberAfterPlacing } from './invoice-numbering';
import { orderSelect, toOrderDto } from './order.mapper';
import { announceOrderStep } from './placement/announce-order.step';
import { createOrderStep } from './placement/create-order.step';
import { creditCheckStep, onAccountStep } from './placement/on-account.step';
import { openCheckoutStep } from './placement/open-checkout.step';
import type { Buyer, PlaceOrderInput, QuotedSource } from './placement/placement.types';
import { priceOrderStep } from './placement/price-order.step';
import { queueConfirmationStep } from './placement/queue-confirmation.step';
import { readLinesStep } from './placement/read-lines.step';
import { redeemCouponStep } from './placement/redeem-coupon.step';
import { reserveGiftsStep } from './placement/reserve-gifts.step';
import { reserveStockStep } from './placement/reserve-stock.step';

const SCOPE = 'order';

export async function placeOrder(
  db: PrismaClient,
  user: Buyer,
  input: PlaceOrderInput,
  headerKey: string | null,
  mail: MailSettings,
  guard?: { attempts: CouponAttempts; ip: string },
  quote?: QuotedSource,
  stripe?: StripeSettings | null,
) {
  const key = input.idempotency_key ?? (headerKey == null ? null : idempotencyKeySchema.parse(headerKey));
  // A code sent with the order is one more door for guessing (server/auth/coupon-attempts.ts).
  const caller = { ip: guard?.ip ?? 'unknown', session: couponSession(user.id, null) };
  if (guard && input.coupon_code?.trim()) guard.attempts.assertAllowed(caller);
  try {
    // No lookup of the key first: the transaction claims it as its first write, and a key that was
    // already used fails that claim as a unique violation, answered below with the order it made.
    // The outbox and webhooks note themselves as the steps write them.
    const place = <C extends SqlClient>(tx: C, source?: QuotedSource<C>) => {
      // Every order allocates stock, counts units sold and may use up a coupon (its statements
      // are hand-written SQL, past the ledger's note); the catalogue change drops the promotion
      // cache too.
      noteCatalogueChanged(tx, 'stock');
      // The order may record the user's last used address, which their session carries.
      noteSessionsChanged(tx, { userId: user.id });
      // The order is written due for its invoice number, given once it has committed and before
      // the unit of work returns (invoice-numbering.ts, subscribed in server/after-commit.ts).
      noteInvoicesDue(tx);
      return placeInTx(tx, user, input, key, mail, source);
    };
    const limits = { maxWait: 10_000, timeout: 20_000 };
    const order = quote ? await unitOfWork(db, (tx) => place(tx, quote), limits) : await sqlUnitOfWork(db, (tx) => place(tx), limits);
    ordersPlaced.inc();
    return await openCheckoutStep(db, order, stripe, mail);
  } catch (err) {
    if (guard && err instanceof AppError && err.message === COUPON_MESSAGES.invalid) await guard.attempts.failed(caller);
    // The key was used before, or by a concurrent request that made the order: answer with that order.
    if (key && isUniqueViolation(err)) {
      const done = await orderForKey(db, user.id, key);
      if (done) {
        // The first attempt may have died between its commit and its numbering.
        await numberAfterPlacing(db);
        return await openCheckoutStep(db, done, stripe, mail);
      }
    }
    throw err;
  }
}

/**
 * The steps, in the order they run. Steps 1 to 4 touch only this shopper's rows (and the outbox);
 * steps 5 to 9 lock shared rows (variants, products, gifts, a limited coupon, the company of an
 * order on invoice) in that order, which every order follows, so two orders queue instead of
 * deadlocking.
 */
async function placeInTx<C extends SqlClient>(tx: C, user: Buyer, input: PlaceOrderInput, key: string | null, mail: MailSettings, quote?: QuotedSource<C>) {
  const now = new Date();
  const ref = { userId: user.id };
  const lines = await readLinesStep(tx, user.id, key, input, quote, now, user.membership?.company.priceListId ?? null);
  const m = mailerWith(tx, mail, lines.shop);
  const pricing = priceOrderStep(lines, input, now);
  const onAccount = await onAccountStep(tx, user.id, input, now);
  const order = await createOrderStep(tx, user, input, key, lines, pricing, now, quote, onAccount);
  const dto = toOrderDto(order);
  await queueConfirmationStep(m, user.email, order, dto, lines.payOptions, now);
  const lowStock = await reserveStockStep(tx, lines.cart.items, { ...ref, orderId: order.id });
  await announceOrderStep(tx, m, order, user.email, lowStock);
  await reserveGiftsStep(tx, pricing.selections, lines.tiers, { ...ref, orderId: order.id });
  const { coupon, priced } = pricing;
  if (coupon && priced.coupon) await redeemCouponStep(tx, coupon, { orderId: order.id, userId: user.id, email: user.email, discountCents: priced.totals.discountCents });
  await creditCheckStep(tx, onAccount, order.totalCents);
  return dto;
}

async function orderForKey(db: PrismaClient, userId: string, key: string) {
  const row = await db.idempotencyKey.findUnique({
    where: { scope_owner_key: { scope: SCOPE, owner: userId, key } },
    select: { order: { select: orderSelect } },
  });
  return row?.order ? toOrderDto(row.order) : null;
}

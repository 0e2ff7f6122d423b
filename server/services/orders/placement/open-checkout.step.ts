// After the commit: with Stripe on, the order's hosted payment page (never inside the order's
// transaction: decision 0165). A Stripe failure leaves payment_url null and the order placed; it is
// retried by the catch-up pass and POST /orders/{id}/pay. A retried request whose order already has
// its page answers it as it is.
import type { PrismaClient } from '@prisma/client';
import type { OrderDto } from '../../../../shared/schemas/order.schema';
import type { MailSettings } from '../../../mail/mail.service';
import { openCheckout } from '../../stripe/checkout';
import type { StripeSettings } from '../../stripe/config';

export async function openCheckoutStep(db: PrismaClient, order: OrderDto, stripe: StripeSettings | null | undefined, mail: MailSettings): Promise<OrderDto> {
  if (!stripe || order.status !== 'pending' || order.payment_url) return order;
  const opened = await openCheckout(db, stripe, mail.publicUrl, order.id);
  return opened.state === 'open' ? { ...order, payment_url: opened.url, payment_state: 'awaiting_payment' } : order;
}

// Step 4: the order confirmation, written to the outbox in the order's transaction so that it exists
// exactly when the order does: nothing is mailed for an order that rolled back, and nothing
// committed is lost. What a placed order sends is listed in server/outbox/business-events.ts.
import type { OrderDto } from '../../../../shared/schemas/order.schema';
import type { Mailer } from '../../../mail/mail.service';
import { announce } from '../../../outbox/business-events';
import type { OrderRow } from '../order.mapper';
import { orderPayNowPayload } from '../order-payment.service';
import type { LinesToPlace } from './read-lines.step';

export async function queueConfirmationStep(m: Mailer, email: string, order: OrderRow, dto: OrderDto, payOptions: LinesToPlace['payOptions'], now: Date) {
  const payment = { options: payOptions, paynowPayload: payOptions.paynow ? orderPayNowPayload(payOptions.paynow, order) : null };
  await announce('orderPlaced', m, { email, order: dto, placedAt: now, payment });
}

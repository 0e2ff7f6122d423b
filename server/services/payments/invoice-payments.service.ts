// Staff record money received against an order on invoice (issue 40 item 4, decision 0201): a bank
// transfer, a cheque, cash, in part or in full. The payment goes through the one place an order's
// money is applied (mark-paid.ts), under the order's row lock, so a payment recorded here, one
// matched from the bank statement and a retried request are decided one after the other.
import { createHash } from 'node:crypto';
import type { PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { formatMoney, toCents, toDollars } from '../../../shared/domain/money';
import { shopDay } from '../../../shared/domain/shop-time';
import { badRequest, conflict, notFound } from '../../../shared/errors';
import type { recordPaymentInput } from '../../../shared/schemas/refunds.schema';
import { newId } from '../../db/ids';
import { unitOfWork } from '../../db/unit-of-work';
import type { MailSettings } from '../../mail/mail.service';
import { markOrderPaidInTx } from './mark-paid';
import { paidAtOf } from './bank-statements/line-payment';
import { listPayments } from './refunds/refunds.service';

type RecordPaymentInput = z.infer<typeof recordPaymentInput>;

/**
 * With an Idempotency-Key the payment's reference id is made from the caller, the order and the key,
 * so the same request sent again finds the payment it recorded instead of recording it twice.
 */
const providerRefFor = (userId: string, orderId: string, key: string | null) =>
  key ? `ip${createHash('sha256').update(`${userId}\n${orderId}\n${key}`).digest('hex').slice(0, 30)}` : newId();

export async function recordInvoicePayment(db: PrismaClient, mail: MailSettings, userId: string, input: RecordPaymentInput, idempotencyKey: string | null = null) {
  const today = shopDay(new Date());
  if (input.paid_on && input.paid_on > today) throw badRequest('paid_on cannot be in the future');
  const amountCents = toCents(input.amount);
  await unitOfWork(db, async (tx) => {
    const order = await tx.order.findUnique({ where: { id: input.id }, select: { paymentMethod: true, orderNumber: true, totalCents: true, paidCents: true } });
    if (!order) throw notFound('Order not found');
    if (order.paymentMethod !== 'invoice') throw conflict(`Order ${order.orderNumber} is not on invoice: mark it as paid instead`);
    const outcome = await markOrderPaidInTx(
      tx,
      {
        orderId: input.id,
        provider: 'manual',
        method: input.method,
        amountCents,
        currency: 'SGD',
        providerRef: providerRefFor(userId, input.id, idempotencyKey),
        reference: input.reference || null,
        paidAt: paidAtOf(input.paid_on ?? today),
        byUserId: userId,
      },
      mail,
    );
    if (outcome === 'applied' || outcome === 'duplicate') return;
    if (outcome === 'cancelled') throw conflict(`Order ${order.orderNumber} is cancelled`);
    if (outcome === 'already_paid') throw conflict(`The invoice of order ${order.orderNumber} is already paid`);
    // 'mismatch': more than the invoice still owes (read again under the lock the payment took).
    const owed = await tx.order.findUniqueOrThrow({ where: { id: input.id }, select: { totalCents: true, paidCents: true } });
    throw conflict(`This payment is more than the ${formatMoney(toDollars(owed.totalCents - owed.paidCents))} still owed`);
  });
  return listPayments(db, input.id);
}

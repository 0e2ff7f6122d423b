// The provider event's claim: one row per Stripe event id (decision 0165).
import type { Prisma } from '@prisma/client';

/**
 * Claims the event id in the caller's transaction: true the first time. A second delivery of the
 * same event (another instance, a retry) waits here for the first's commit and then gets false.
 */
export async function claimPaymentEvent(tx: Prisma.TransactionClient, e: { id: string; provider: string; type: string; orderId: string | null }): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO "PaymentEvent" ("id", "provider", "type", "orderId", "outcome")
    VALUES (${e.id}, ${e.provider}, ${e.type}, ${e.orderId}, 'received')
    ON CONFLICT ("id") DO NOTHING`;
  return inserted === 1;
}

import type { PrismaClient } from '@prisma/client';

/** What /metrics reports of the webhook outbox: deliveries still to make and how old the oldest is. */
export function webhookOutboxStats(db: PrismaClient) {
  return async () => {
    const [row] = await db.$queryRaw<{ waiting: bigint; oldest: Date | null }[]>`
      SELECT COUNT(*) AS "waiting", MIN("createdAt") AS "oldest" FROM "WebhookDelivery"
      WHERE "status" IN ('pending'::"WebhookDeliveryStatus", 'sending'::"WebhookDeliveryStatus")`;
    const oldest = row?.oldest ? new Date(row.oldest) : null;
    return { waiting: Number(row?.waiting ?? 0), oldestSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0 };
  };
}

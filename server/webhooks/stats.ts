import type { PrismaClient } from '@prisma/client';
import { readWaitingDeliveries } from './webhooks.sql';

/** What /metrics reports of the webhook outbox: deliveries still to make and how old the oldest is. */
export function webhookOutboxStats(db: PrismaClient) {
  return async () => {
    const { waiting, oldest } = await readWaitingDeliveries(db);
    return { waiting, oldestSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0 };
  };
}

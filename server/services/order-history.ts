import type { Prisma } from '@prisma/client';
import type { OrderStatus } from '../../shared/constants';

export interface StatusEvent {
  orderId: string;
  from: OrderStatus | null;
  to: OrderStatus;
  userId: string | null;
  /** customer | staff | admin | system */
  actorRole: string;
  note?: string | null;
  trackingNumber?: string | null;
  courier?: string | null;
}

/** One row of the order's timeline, written in the transaction that changes the status. */
export async function recordStatusEvent(tx: Prisma.TransactionClient, e: StatusEvent): Promise<void> {
  await tx.orderStatusEvent.create({
    data: {
      orderId: e.orderId,
      fromStatus: e.from,
      toStatus: e.to,
      userId: e.userId,
      actorRole: e.actorRole,
      note: e.note ?? null,
      trackingNumber: e.trackingNumber ?? null,
      courier: e.courier ?? null,
    },
    select: { id: true },
  });
}

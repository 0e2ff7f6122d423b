import type { Prisma, PrismaClient } from '@prisma/client';
import type { OrderStatus } from '../../../shared/constants';
import { courierName, trackingUrl } from '../../../shared/domain/couriers';
import { notFound } from '../../../shared/errors';
import type { OrderHistoryEntry } from '../../../shared/schemas/order-history.schema';
import { newId } from '../../db/ids';

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
      id: newId(),
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

const eventSelect = {
  fromStatus: true,
  toStatus: true,
  createdAt: true,
  actorRole: true,
  note: true,
  trackingNumber: true,
  courier: true,
  user: { select: { displayName: true, email: true } },
} as const satisfies Prisma.OrderStatusEventSelect;

type EventRow = Prisma.OrderStatusEventGetPayload<{ select: typeof eventSelect }>;

function base(e: EventRow) {
  return {
    from_status: e.fromStatus,
    to_status: e.toStatus,
    at: e.createdAt.toISOString(),
    tracking_number: e.trackingNumber,
    courier: courierName(e.courier),
    tracking_url: trackingUrl(e.courier, e.trackingNumber),
  };
}

async function events(db: PrismaClient, orderId: string) {
  return db.orderStatusEvent.findMany({ where: { orderId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: eventSelect });
}

/**
 * The shopper's timeline. Staff notes are internal, except a cancellation's reason, which the
 * customer is told anyway; who on the staff acted is not shown, only the shop.
 */
export async function historyForOwner(db: PrismaClient, userId: string, orderId: string, shopName: string): Promise<OrderHistoryEntry[]> {
  const owned = await db.order.count({ where: { id: orderId, userId } });
  if (!owned) throw notFound('Order not found');
  return (await events(db, orderId)).map((e) => ({
    ...base(e),
    by: e.actorRole === 'customer' ? 'You' : shopName,
    note: e.toStatus === 'cancelled' ? e.note : null,
  }));
}

/** Changes no person made: the shop's own passes, and money that arrived (server/services/payments/mark-paid.ts). */
const AUTOMATIC_ACTORS: Record<string, string> = { system: 'System', stripe: 'Stripe', paynow: 'PayNow (bank statement)', bank_transfer: 'Bank transfer (bank statement)' };

/** Staff see who did what, and every note. */
export async function historyForStaff(db: PrismaClient, orderId: string): Promise<OrderHistoryEntry[]> {
  const exists = await db.order.count({ where: { id: orderId } });
  if (!exists) throw notFound('Order not found');
  return (await events(db, orderId)).map((e) => ({
    ...base(e),
    by: e.user ? `${e.user.displayName} (${e.user.email})${e.actorRole === 'customer' ? ', customer' : ''}` : (AUTOMATIC_ACTORS[e.actorRole] ?? 'A deleted user'),
    note: e.note,
  }));
}

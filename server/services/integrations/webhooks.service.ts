import type { Prisma, PrismaClient } from '@prisma/client';
import { badRequest, conflict, notFound } from '../../../shared/errors';
import type { CreateWebhookInput, UpdateWebhookInput, WEBHOOK_DELIVERY_STATUSES } from '../../../shared/schemas/webhooks.schema';
import { resolveWebhookTarget, WebhookAddressError } from '../../webhooks/address-guard';
import { noteWebhookEndpointsChanged, noteWebhooksQueued, oneStatement, unitOfWork } from '../../db/unit-of-work';
import { emitTestWebhook } from '../../webhooks/emit';
import { newWebhookSecret } from '../../webhooks/signing';
import { newId } from '../../db/ids';

const PAGE_SIZE = 50;
/** After a rotation the old secret keeps signing (as a second signature) this long. */
const PREVIOUS_SECRET_GRACE_MS = 24 * 3600_000;

const endpointSelect = {
  id: true,
  url: true,
  description: true,
  events: true,
  active: true,
  createdAt: true,
  updatedAt: true,
  createdBy: { select: { displayName: true } },
} as const satisfies Prisma.WebhookEndpointSelect;

type EndpointRow = Prisma.WebhookEndpointGetPayload<{ select: typeof endpointSelect }>;

async function countsOf(db: PrismaClient, ids: string[]) {
  const rows = ids.length
    ? await db.webhookDelivery.groupBy({ by: ['endpointId', 'status'], where: { endpointId: { in: ids }, status: { in: ['pending', 'sending', 'failed'] } }, _count: { _all: true } })
    : [];
  const counts = new Map<string, { waiting: number; failed: number }>();
  for (const r of rows) {
    const c = counts.get(r.endpointId) ?? { waiting: 0, failed: 0 };
    if (r.status === 'failed') c.failed += r._count._all;
    else c.waiting += r._count._all;
    counts.set(r.endpointId, c);
  }
  return counts;
}

const toRow = (e: EndpointRow, counts?: { waiting: number; failed: number }) => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  active: e.active,
  created_by: e.createdBy?.displayName ?? null,
  created_at: e.createdAt.toISOString(),
  updated_at: e.updatedAt.toISOString(),
  waiting: counts?.waiting ?? 0,
  failed: counts?.failed ?? 0,
});

/** The URL must reach a public address (unless WEBHOOK_ALLOW_PRIVATE); said as a 400 the admin can act on. */
async function checkUrl(url: string, allowPrivate: boolean) {
  try {
    await resolveWebhookTarget(url, allowPrivate);
  } catch (err) {
    if (err instanceof WebhookAddressError) throw badRequest(err.message);
    throw err;
  }
}

export async function listWebhooks(db: PrismaClient) {
  const rows = await db.webhookEndpoint.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: endpointSelect });
  const counts = await countsOf(db, rows.map((r) => r.id));
  return rows.map((r) => toRow(r, counts.get(r.id)));
}

export async function getWebhook(db: PrismaClient, id: string) {
  const row = await db.webhookEndpoint.findUnique({ where: { id }, select: endpointSelect });
  if (!row) throw notFound('Webhook endpoint not found');
  return toRow(row, (await countsOf(db, [id])).get(id));
}

export async function createWebhook(db: PrismaClient, userId: string, input: CreateWebhookInput, allowPrivate: boolean) {
  await checkUrl(input.url, allowPrivate);
  const secret = newWebhookSecret();
  // Which event types are subscribed to is cached (webhooks/subscriptions.ts): dropped once committed.
  const row = await oneStatement(db, (unit) => {
    noteWebhookEndpointsChanged(unit);
    return db.webhookEndpoint.create({
      data: { id: newId(), url: input.url, events: input.events, description: input.description, active: input.active, secret, createdById: userId },
      select: endpointSelect,
    });
  });
  return { ...toRow(row), secret };
}

export async function updateWebhook(db: PrismaClient, input: UpdateWebhookInput, allowPrivate: boolean) {
  const { id, ...changes } = input;
  // Saving other fields does not depend on DNS answering right now: only a new URL is checked.
  if (changes.url !== undefined) {
    const current = await db.webhookEndpoint.findUnique({ where: { id }, select: { url: true } });
    if (!current) throw notFound('Webhook endpoint not found');
    if (current.url !== changes.url) await checkUrl(changes.url, allowPrivate);
  }
  await unitOfWork(db, async (tx) => {
    noteWebhookEndpointsChanged(tx);
    // Re-enabled: what waited while it was off goes out now.
    if (changes.active) noteWebhooksQueued(tx);
    const { count } = await tx.webhookEndpoint.updateMany({ where: { id }, data: changes });
    if (!count) throw notFound('Webhook endpoint not found');
  });
  return getWebhook(db, id);
}

/** Its deliveries and their log go with it; events other endpoints still need stay. */
export async function deleteWebhook(db: PrismaClient, id: string) {
  await oneStatement(db, async (unit) => {
    noteWebhookEndpointsChanged(unit);
    const { count } = await db.webhookEndpoint.deleteMany({ where: { id } });
    if (!count) throw notFound('Webhook endpoint not found');
  });
  return { ok: true, message: 'Webhook endpoint deleted' };
}

export async function webhookSecret(db: PrismaClient, id: string) {
  const row = await db.webhookEndpoint.findUnique({ where: { id }, select: { id: true, secret: true, previousSecretExpiresAt: true } });
  if (!row) throw notFound('Webhook endpoint not found');
  const expires = row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? row.previousSecretExpiresAt.toISOString() : null;
  return { id: row.id, secret: row.secret, previous_secret_expires_at: expires };
}

/**
 * A new secret at once; the old one still signs every delivery (a second signature in the same
 * header) for 24 hours, so the receiver can switch without refusing anything meanwhile.
 */
export async function rotateWebhookSecret(db: PrismaClient, id: string) {
  const row = await db.webhookEndpoint.findUnique({ where: { id }, select: { secret: true } });
  if (!row) throw notFound('Webhook endpoint not found');
  await db.webhookEndpoint.update({
    where: { id },
    data: { secret: newWebhookSecret(), previousSecret: row.secret, previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_GRACE_MS) },
    select: { id: true },
  });
  return webhookSecret(db, id);
}

/** A webhook.test event to this endpoint only, delivered like any other (signed, logged, retried). */
export async function sendTestWebhook(db: PrismaClient, id: string) {
  const row = await db.webhookEndpoint.findUnique({ where: { id }, select: { active: true } });
  if (!row) throw notFound('Webhook endpoint not found');
  if (!row.active) throw conflict('This endpoint is disabled; enable it to send a test event');
  const deliveryId = await unitOfWork(db, (tx) => emitTestWebhook(tx, id));
  return getDelivery(db, deliveryId);
}

const deliverySelect = {
  id: true,
  endpointId: true,
  eventId: true,
  resourceKey: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastStatusCode: true,
  lastError: true,
  deliveredAt: true,
  createdAt: true,
  event: { select: { type: true } },
} as const satisfies Prisma.WebhookDeliverySelect;

type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof deliverySelect }>;

const toDelivery = (d: DeliveryRow) => ({
  id: d.id,
  endpoint_id: d.endpointId,
  event_id: d.eventId,
  event_type: d.event.type,
  resource: d.resourceKey,
  status: d.status,
  attempts: d.attempts,
  next_attempt_at: d.nextAttemptAt.toISOString(),
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  delivered_at: d.deliveredAt?.toISOString() ?? null,
  created_at: d.createdAt.toISOString(),
});

export async function listDeliveries(db: PrismaClient, input: { id: string; status?: (typeof WEBHOOK_DELIVERY_STATUSES)[number]; page: number }) {
  const exists = await db.webhookEndpoint.count({ where: { id: input.id } });
  if (!exists) throw notFound('Webhook endpoint not found');
  const where: Prisma.WebhookDeliveryWhereInput = { endpointId: input.id, ...(input.status ? { status: input.status } : {}) };
  const [total, rows] = await Promise.all([
    db.webhookDelivery.count({ where }),
    db.webhookDelivery.findMany({ where, orderBy: [{ createdAt: 'desc' }, { seq: 'desc' }], skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE, select: deliverySelect }),
  ]);
  return { items: rows.map(toDelivery), total, page: input.page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

export async function getDelivery(db: PrismaClient, id: string) {
  const d = await db.webhookDelivery.findUnique({
    where: { id },
    select: {
      ...deliverySelect,
      event: { select: { type: true, payload: true } },
      attemptLog: { orderBy: [{ startedAt: 'desc' }, { id: 'desc' }], take: 50, select: { startedAt: true, durationMs: true, statusCode: true, responseExcerpt: true, error: true } },
    },
  });
  if (!d) throw notFound('Delivery not found');
  return {
    ...toDelivery(d),
    payload: d.event.payload,
    attempt_log: d.attemptLog.map((a) => ({
      started_at: a.startedAt.toISOString(),
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      response_excerpt: a.responseExcerpt,
      error: a.error,
    })),
  };
}

/**
 * Delivers it again now, with the same webhook-id (receivers dedupe on it) and a fresh set of
 * attempts. A delivery being sent right now is left alone: that would send it twice at once.
 */
export async function redeliver(db: PrismaClient, id: string) {
  const d = await db.webhookDelivery.findUnique({ where: { id }, select: { status: true, endpoint: { select: { active: true } } } });
  if (!d) throw notFound('Delivery not found');
  if (!d.endpoint.active) throw conflict('This endpoint is disabled; enable it to redeliver');
  await unitOfWork(db, async (tx) => {
    noteWebhooksQueued(tx);
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id, status: { not: 'sending' } },
      data: { status: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null, deliveredAt: null },
    });
    if (!count) throw conflict('This delivery is being sent right now; try again in a moment');
  });
  return getDelivery(db, id);
}

import type { PrismaClient } from '@prisma/client';
import { onCatalogChanged } from '../lib/catalog-events';
import { onOutboxWake } from '../outbox/outbox';
import { backoffMs } from '../outbox/backoff';
import { onWebhooksWake, takeQueuedFlag } from './emit';
import { postWebhook } from './http-post';
import { signedHeaders } from './signing';
import { subscribedEventTypes } from './subscriptions';
import { claimDueDeliveries, pruneDeliveredEvents, type ClaimedDelivery } from './webhooks.sql';
import { pollWorker } from '../lib/poll-worker';
import { logger } from '../lib/log';
import { batchWrite } from '../db/unit-of-work';
import { newId } from '../db/ids';

/**
 * After this many failed attempts a delivery is given up (an admin can still redeliver it). With
 * the outbox's backoff (30 s doubling, capped at 6 h) the 14th attempt comes about 26.5 hours after
 * the first: a receiver that is down for a day still gets everything.
 */
export const WEBHOOK_MAX_ATTEMPTS = 14;
/** The whole of one attempt: DNS, connect, TLS and the answer. */
const WEBHOOK_TIMEOUT_MS = 10_000;
/** Delivered and given-up events are kept this long for the log, then pruned. */
const WEBHOOK_LOG_DAYS = 30;
const PRUNE_EVERY_MS = 3600_000;

export interface WebhookSenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE: deliver to private and loopback addresses (tests, a receiver on the same network). */
  allowPrivate: boolean;
  batchSize?: number;
  pollMs?: number;
  /** How long a claim holds before another sender may take the row (a sender that died mid-send). */
  leaseMs?: number;
  timeoutMs?: number;
}

type Claimed = ClaimedDelivery;

export interface WebhookRunResult {
  delivered: number;
  failed: number;
}

/**
 * Delivers webhooks the way the e-mail outbox is delivered, one sender per instance. A claim takes,
 * with FOR UPDATE SKIP LOCKED, only the oldest unfinished delivery of each (endpoint, resource)
 * queue, so two instances never send one delivery twice and a later event for an order never
 * overtakes an earlier one that is still pending or being retried. HTTP happens outside any
 * transaction.
 */
export function createWebhookSender(db: PrismaClient, options: WebhookSenderOptions) {
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  let lastPrune = 0;

  async function claim(): Promise<Claimed[]> {
    const rows = await claimDueDeliveries(db, batchSize, leaseMs);
    return rows.sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
  }

  async function deliver(row: Claimed): Promise<boolean> {
    const now = new Date();
    const secrets = [row.secret, ...(row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? [row.previousSecret] : [])];
    const result = await postWebhook(row.url, signedHeaders(secrets, row.eventId, row.payload, now), row.payload, { allowPrivate: options.allowPrivate, timeoutMs });
    const attempts = Number(row.attempts);
    const giveUp = !result.ok && attempts >= WEBHOOK_MAX_ATTEMPTS;
    await batchWrite(db, [
      db.webhookAttempt.create({
        data: { id: newId(), deliveryId: row.id, startedAt: now, durationMs: result.durationMs, statusCode: result.statusCode, responseExcerpt: result.excerpt, error: result.error },
        select: { id: true },
      }),
      db.webhookDelivery.updateMany({
        where: { id: row.id, status: 'sending' },
        data: result.ok
          ? { status: 'delivered', deliveredAt: new Date(), lockedUntil: null, lastStatusCode: result.statusCode, lastError: null }
          : {
              status: giveUp ? 'failed' : 'pending',
              lockedUntil: null,
              lastStatusCode: result.statusCode,
              lastError: result.error,
              nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
            },
      }),
    ]);
    return result.ok;
  }

  async function prune() {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await pruneDeliveredEvents(db, WEBHOOK_LOG_DAYS);
  }

  /** One pass: claims due deliveries batch by batch until none are left. */
  async function pass(): Promise<WebhookRunResult> {
    const result: WebhookRunResult = { delivered: 0, failed: 0 };
    // No active endpoint: nothing can be claimed, so a shop without webhooks spends no query here.
    // (Every active endpoint subscribes to at least one event, and test events go to active ones only.)
    if ((await subscribedEventTypes(db)).size === 0) return result;
    await prune();
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return result;
      // Each row heads a different (endpoint, resource) queue, so they may go out side by side.
      const outcomes = await Promise.all(rows.map(deliver));
      for (const ok of outcomes) {
        if (ok) result.delivered++;
        else result.failed++;
      }
    }
  }

  // Woken after commits (the e-mail outbox's wake and the catalogue's change signal), but only when
  // this instance queued something: other requests never make the sender query.
  const ifQueued = (subscribe: (fn: () => void) => () => void) => (wake: () => void) =>
    subscribe(() => {
      if (takeQueuedFlag()) wake();
    });
  const worker = pollWorker({
    pass,
    everyMs: options.pollMs ?? 5_000,
    wakeOn: [onOutboxWake, onCatalogChanged, onWebhooksWake].map(ifQueued),
    onError: (err) => logger().warn({ err }, 'webhooks: delivery pass failed'),
  });

  return { runOnce: worker.runOnce, start: worker.start, stop: worker.stop };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;

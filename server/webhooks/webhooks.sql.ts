// The webhook outbox's statements: events and deliveries written in one statement (after reading
// the endpoints that want them) inside the caller's transaction, a claim with FOR UPDATE SKIP
// LOCKED that keeps each resource's order, the prune, the subscription read and the /metrics
// figures. Rows are checked by zod.
import type { Prisma, PrismaClient } from '@prisma/client';
import { z } from 'zod';
import type { SqlClient } from '../db/sql-client';
import { int } from '../db/sql-rows';
import { newId } from '../db/ids';

type Tx = Prisma.TransactionClient;

/**
 * Writes an event and one delivery per active endpoint subscribed to its type; nothing when no
 * active endpoint wants it.
 */
export async function insertEventWithDeliveries(tx: SqlClient, e: { id: string; type: string; resource: string; body: string }): Promise<void> {
  await insertEventsWithDeliveries(tx, e.type, [e]);
}

/**
 * The active endpoints subscribed to a type, locked against deletion until the transaction ends, so
 * that the deliveries written for them next find them. Delivery ids are made by newId() like every
 * other row's (decision 0177), so the endpoints are read first to know how many to make.
 */
async function subscribedEndpoints(tx: SqlClient, type: string): Promise<string[]> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT "id" FROM "WebhookEndpoint" WHERE "active" AND ${type} = ANY("events") ORDER BY "id" FOR KEY SHARE`;
  return rows.map((r) => idRow.parse(r).id);
}

const idRow = z.object({ id: z.string() });

/**
 * insertEventWithDeliveries for many events of one type in one statement: the lists go as one
 * array each (a stock count may write 50,000 events, past the 65,535 bind parameters a statement
 * takes as separate values). Rows are inserted in the given order, so their seqs follow it.
 */
export async function insertEventsWithDeliveries(tx: SqlClient, type: string, events: { id: string; resource: string; body: string }[]): Promise<void> {
  if (!events.length) return;
  const endpoints = await subscribedEndpoints(tx, type);
  if (!endpoints.length) return;
  // One delivery per event and endpoint; which of the fresh ids goes to which delivery is of no
  // matter, so they are paired by number (cheaper than sending each delivery's event id).
  const deliveryIds = Array.from({ length: events.length * endpoints.length }, () => newId());
  await tx.$executeRaw`
    WITH ev AS (
      INSERT INTO "WebhookEvent" ("id", "type", "resourceKey", "payload")
      SELECT u.id, ${type}, u.resource, u.body
      FROM unnest(${events.map((e) => e.id)}::text[], ${events.map((e) => e.resource)}::text[], ${events.map((e) => e.body)}::text[]) WITH ORDINALITY AS u(id, resource, body, n)
      ORDER BY u.n
      RETURNING "id", "resourceKey", "seq"
    ),
    pairs AS (
      SELECT ev."id", ev."resourceKey", ev."seq", e.endpoint, row_number() OVER () AS n
      FROM ev CROSS JOIN unnest(${endpoints}::text[]) AS e(endpoint)
    )
    INSERT INTO "WebhookDelivery" ("id", "eventId", "endpointId", "resourceKey", "seq", "updatedAt")
    SELECT d.id, p."id", p.endpoint, p."resourceKey", p."seq", NOW()
    FROM pairs p JOIN unnest(${deliveryIds}::text[]) WITH ORDINALITY AS d(id, n) ON d.n = p.n`;
}

const stockEventVariantRow = z.object({
  id: z.string(),
  sku: z.string(),
  productId: z.string(),
  onHand: int,
  allocated: int,
  safetyStock: int,
  productName: z.string(),
});
type StockEventVariant = z.infer<typeof stockEventVariantRow>;

/** The figures and names inventory events carry, for many variants in one statement (ids as one array). */
export async function variantsForStockEvents(tx: SqlClient, variantIds: string[]): Promise<StockEventVariant[]> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT v."id", v."sku", v."productId", v."onHand", v."allocated", v."safetyStock", p."name" AS "productName"
    FROM "Variant" v JOIN "Product" p ON p."id" = v."productId" WHERE v."id" = ANY(${variantIds}::text[])`;
  return rows.map((r) => stockEventVariantRow.parse(r));
}

const productSkusRow = z.object({ id: z.string(), skus: z.array(z.string()) });

/**
 * The products holding any of these SKUs (in id order), each with all its SKUs. The SKUs go as one
 * array parameter: an import may name 50,000, past PostgreSQL's 65,535 parameters as an `in` list.
 */
export async function productsWithSkus(tx: Tx, skus: string[]): Promise<z.infer<typeof productSkusRow>[]> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT p."id", array_agg(v."sku") AS "skus" FROM "Product" p JOIN "Variant" v ON v."productId" = p."id"
    WHERE p."id" IN (SELECT "productId" FROM "Variant" WHERE "sku" = ANY(${skus}::text[]))
    GROUP BY p."id" ORDER BY p."id"`;
  return rows.map((r) => productSkusRow.parse(r));
}

const seqRow = z.object({ seq: z.coerce.bigint() });

/** Writes a `webhook.test` event and answers its seq (the caller adds the one delivery). */
export async function insertTestEvent(tx: Tx, e: { id: string; resource: string; body: string }): Promise<bigint> {
  const rows = await tx.$queryRaw<unknown[]>`
    INSERT INTO "WebhookEvent" ("id", "type", "resourceKey", "payload") VALUES (${e.id}, 'webhook.test', ${e.resource}, ${e.body}) RETURNING "seq"`;
  return seqRow.parse(rows[0]).seq;
}

const claimedRow = z.object({
  id: z.string(),
  attempts: int,
  seq: z.coerce.bigint(),
  url: z.string(),
  secret: z.string(),
  previousSecret: z.string().nullable(),
  previousSecretExpiresAt: z.coerce.date().nullable(),
  eventId: z.string(),
  payload: z.string(),
});
export type ClaimedDelivery = z.infer<typeof claimedRow>;

/**
 * Claims up to `batchSize` due deliveries to active endpoints (pending and due, or sending with a
 * lapsed lease) whose resource has no earlier delivery still to make to the same endpoint, skipping
 * rows another sender holds; each is marked 'sending' for `leaseMs`. Rows come in no particular order.
 */
export async function claimDueDeliveries(db: PrismaClient, batchSize: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const rows = await db.$queryRaw<unknown[]>`
    WITH claimed AS (
      UPDATE "WebhookDelivery" d
      SET "status" = 'sending'::"WebhookDeliveryStatus", "attempts" = d."attempts" + 1,
          "lockedUntil" = NOW() + ${leaseMs} * INTERVAL '1 millisecond', "updatedAt" = NOW()
      WHERE d."id" IN (
        SELECT x."id" FROM "WebhookDelivery" x
        JOIN "WebhookEndpoint" e ON e."id" = x."endpointId" AND e."active"
        WHERE ((x."status" = 'pending'::"WebhookDeliveryStatus" AND x."nextAttemptAt" <= NOW())
            OR (x."status" = 'sending'::"WebhookDeliveryStatus" AND x."lockedUntil" < NOW()))
          AND NOT EXISTS (
            SELECT 1 FROM "WebhookDelivery" y
            WHERE y."endpointId" = x."endpointId" AND y."resourceKey" = x."resourceKey" AND y."seq" < x."seq"
              AND y."status" IN ('pending'::"WebhookDeliveryStatus", 'sending'::"WebhookDeliveryStatus"))
        ORDER BY x."seq"
        LIMIT ${batchSize}
        FOR UPDATE OF x SKIP LOCKED
      )
      RETURNING d."id", d."attempts", d."endpointId", d."eventId", d."seq"
    )
    SELECT c."id", c."attempts", c."seq", e."url", e."secret", e."previousSecret", e."previousSecretExpiresAt", ev."id" AS "eventId", ev."payload"
    FROM claimed c
    JOIN "WebhookEndpoint" e ON e."id" = c."endpointId"
    JOIN "WebhookEvent" ev ON ev."id" = c."eventId"`;
  return rows.map((r) => claimedRow.parse(r));
}

/** Deletes events older than `days` that have no delivery still to make. */
export async function pruneDeliveredEvents(db: PrismaClient, days: number): Promise<void> {
  await db.$executeRaw`
    DELETE FROM "WebhookEvent" ev
    WHERE ev."createdAt" < NOW() - ${days} * INTERVAL '1 day'
      AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = ev."id" AND d."status" IN ('pending'::"WebhookDeliveryStatus", 'sending'::"WebhookDeliveryStatus"))`;
}

const typeRow = z.object({ type: z.string() });

/** The event types some active endpoint subscribes to. */
export async function readSubscribedEventTypes(client: SqlClient): Promise<string[]> {
  const rows = await client.$queryRaw<unknown[]>`
    SELECT DISTINCT unnest("events") AS "type" FROM "WebhookEndpoint" WHERE "active"`;
  return rows.map((r) => typeRow.parse(r).type);
}

const waitingRow = z.object({ waiting: int, oldest: z.coerce.date().nullable() });

/** Deliveries still to make (pending or sending) and when the oldest was queued. */
export async function readWaitingDeliveries(db: PrismaClient): Promise<{ waiting: number; oldest: Date | null }> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT COUNT(*) AS "waiting", MIN("createdAt") AS "oldest" FROM "WebhookDelivery"
    WHERE "status" IN ('pending'::"WebhookDeliveryStatus", 'sending'::"WebhookDeliveryStatus")`;
  return waitingRow.parse(rows[0]);
}

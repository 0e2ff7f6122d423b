// The statements of order placement, written as SQL
// (docs/decisions/0080-order-placement-typed-sql.md). Placing an order is the hottest write path
// and its statements are fixed: Prisma's per-query work (the query compiler in WebAssembly and its
// result mapping) was about half the CPU of an order, and its nested create made one round trip per
// table. Each statement here does one step in one round trip; every row that comes back is checked
// by a zod schema, so a drifting column fails loudly instead of pricing with undefined. The rules
// stay in order-placement.service.ts and shared/domain; these functions only read and write.
import { z } from 'zod';
import { newId } from '../../db/ids';
import type { SqlClient } from '../../db/sql-client';
import { int, json } from '../../db/sql-rows';
import { availableSql } from '../../db/stock.sql';
import type { CartRow } from '../cart/cart-view';
import { readCartRow } from '../cart/cart.sql';

// Statements run on the pg connection of sqlUnitOfWork (a cart's order) or on Prisma's transaction
// (an accepted quote): both are SqlClients.
type Tx = SqlClient;

const ruleRows = z.object({
  cartId: z.string().nullable(),
  /** Setting values by key (shipping rule, shop profile, payment settings); absent keys were never saved. */
  settings: json(z.record(z.string(), z.unknown()).nullable()),
  tiers: json(
    z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        spendingThresholdCents: int,
        giftLimit: int,
        isActive: z.boolean(),
        items: z.array(
          z.object({ id: z.string(), name: z.string(), description: z.string(), imageUrl: z.string().nullable(), stockQuantity: int, allocated: int, isActive: z.boolean() }),
        ),
      }),
    ),
  ),
  coupon: json(
    z
      .object({
        id: z.string(),
        code: z.string(),
        type: z.enum(['percent', 'fixed']),
        value: int,
        minOrderCents: int,
        validFrom: z.number().transform((ms) => new Date(ms)),
        validTo: z.number().transform((ms) => new Date(ms)),
        isActive: z.boolean(),
        usageLimit: int.nullable(),
        usageLimitPerCustomer: int.nullable(),
      })
      .nullable(),
  ),
});
export type PlacementRules = z.infer<typeof ruleRows>;

/**
 * The first statement of an order: claims the idempotency key (when there is one), locks the
 * shopper's cart row (unless the order is an accepted quote, which has no cart), and reads the rules
 * the order is priced by as they are now: the settings named in `settingKeys`, the active gift tiers
 * with their gifts, and the coupon by `code` (normalised), or by the cart's own code when none was
 * sent. One round trip: these rules used to be four reads of their own.
 *
 * A concurrent request with the same key waits on the key's unique index and then fails as a unique
 * violation; a second tab placing the same cart waits on the cart row and then finds it deleted. The
 * locked row is read as it is after the wait (READ COMMITTED re-reads a row whose lock it waited
 * for), so the cart's coupon is the current one.
 */
export async function claimAndReadRules(
  tx: Tx,
  o: { userId: string; key: string | null; lockCart: boolean; code: string | null; settingKeys: string[] },
): Promise<PlacementRules> {
  const rows = await tx.$queryRaw<unknown[]>`
    WITH claim AS (
      INSERT INTO "IdempotencyKey" ("id", "scope", "owner", "key")
      SELECT ${newId()}, 'order', ${o.userId}, ${o.key}::text WHERE ${o.key}::text IS NOT NULL
    ), cart AS (
      SELECT "id", "couponCode" FROM "Cart" WHERE ${o.lockCart}::boolean AND "userId" = ${o.userId} FOR UPDATE
    )
    SELECT
      (SELECT "id" FROM cart) AS "cartId",
      (SELECT jsonb_object_agg(s."key", s."value") FROM "Setting" s
        WHERE s."key" IN (SELECT jsonb_array_elements_text(${JSON.stringify(o.settingKeys)}::jsonb))) AS "settings",
      COALESCE((SELECT jsonb_agg(jsonb_build_object('id', t."id", 'name', t."name", 'spendingThresholdCents', t."spendingThresholdCents",
          'giftLimit', t."giftLimit", 'isActive', t."isActive", 'items', COALESCE((
            SELECT jsonb_agg(jsonb_build_object('id', g."id", 'name', g."name", 'description', g."description", 'imageUrl', g."imageUrl",
              'stockQuantity', g."stockQuantity", 'allocated', g."allocated", 'isActive', g."isActive") ORDER BY g."id")
            FROM "GiftTierItem" ti JOIN "GiftItem" g ON g."id" = ti."giftItemId" WHERE ti."tierId" = t."id"), '[]'::jsonb))
          ORDER BY t."spendingThresholdCents", t."id")
        FROM "GiftTier" t WHERE t."isActive"), '[]'::jsonb) AS "tiers",
      (SELECT jsonb_build_object('id', c."id", 'code', c."code", 'type', c."type", 'value', c."value", 'minOrderCents', c."minOrderCents",
          'validFrom', (extract(epoch FROM c."validFrom") * 1000)::float8, 'validTo', (extract(epoch FROM c."validTo") * 1000)::float8,
          'isActive', c."isActive", 'usageLimit', c."usageLimit", 'usageLimitPerCustomer', c."usageLimitPerCustomer")
        FROM "Coupon" c WHERE c."code" = COALESCE(${o.code}::text, (SELECT "couponCode" FROM cart))) AS "coupon"`;
  return ruleRows.parse(rows[0]);
}

/**
 * The locked cart with its lines (cart.sql.ts, the read every cart answer uses): read in a statement
 * of its own after the lock, so it sees every change committed before the lock was granted.
 */
export async function readCart(tx: Tx, cartId: string): Promise<CartRow> {
  const cart = await readCartRow(tx, { id: cartId });
  if (!cart) throw new Error(`Locked cart ${cartId} is gone`);
  return cart;
}

export interface OrderWrite {
  id: string;
  orderNumber: string;
  userId: string;
  email: string;
  createdAt: Date;
  totals: { subtotalCents: number; discountCents: number; shippingCents: number; gstCents: number; totalCents: number; totalWeightGrams: number };
  couponCode: string | null;
  /** The buyer's company as the tax invoice will print it (JSON), or null for a private buyer. */
  buyerCompany: string | null;
  ship: { fullName: string; phone: string; line1: string; line2: string | null; unit: string | null; postalCode: string; city: string; state: string; country: string };
  items: { id: string; variantId: string | null; productId: string | null; productName: string; sku: string; attributes: Record<string, unknown>; productImage: string | null; unitPriceCents: number; quantity: number; lineTotalCents: number }[];
  gifts: { id: string; giftItemId: string | null; giftName: string; tierId: string; tierName: string | null; quantity: number }[];
  /** The cart the order empties; null for an accepted quote, which leaves the cart alone. */
  cartId: string | null;
  /** The claimed idempotency key, linked to the order. */
  key: string | null;
  /** The saved address to remember as last used: by id, or the one matching the shipping address. */
  addressId: string | null;
}

/**
 * The order and everything that is only this shopper's, in one round trip: the order with its lines
 * and gifts (marked as due for an invoice number, given after the commit), its first timeline
 * entry, the cart removed (lines, gifts and coupon cascade with it), the idempotency key pointed at
 * the order and the address remembered as last used. None of these rows is shared with other
 * shoppers, so nothing here makes another order wait.
 */
export async function writeOrder(tx: Tx, o: OrderWrite): Promise<void> {
  const at = o.createdAt.toISOString();
  const s = o.ship;
  const t = o.totals;
  await tx.$executeRaw`
    WITH o AS (
      INSERT INTO "Order" ("id", "orderNumber", "userId", "email", "status", "paymentMethod", "subtotalCents", "discountCents",
        "shippingCents", "gstCents", "totalCents", "totalWeightGrams", "couponCode", "shipFullName", "shipPhone", "shipLine1",
        "shipLine2", "shipUnit", "shipPostalCode", "shipCity", "shipState", "shipCountry", "buyerCompany", "invoiceDue", "createdAt", "updatedAt")
      VALUES (${o.id}, ${o.orderNumber}, ${o.userId}, ${o.email}, 'pending', 'stripe', ${t.subtotalCents}, ${t.discountCents},
        ${t.shippingCents}, ${t.gstCents}, ${t.totalCents}, ${t.totalWeightGrams}, ${o.couponCode}, ${s.fullName}, ${s.phone}, ${s.line1},
        ${s.line2}, ${s.unit}, ${s.postalCode}, ${s.city}, ${s.state}, ${s.country}, ${o.buyerCompany}::jsonb, true, ${at}::timestamp, ${at}::timestamp)
      RETURNING "id"
    ), items AS (
      INSERT INTO "OrderItem" ("id", "orderId", "variantId", "productId", "productName", "sku", "attributes", "productImage",
        "unitPriceCents", "quantity", "lineTotalCents")
      SELECT x."id", o."id", x."variantId", x."productId", x."productName", x."sku", x."attributes", x."productImage",
        x."unitPriceCents", x."quantity", x."lineTotalCents"
      FROM o, jsonb_to_recordset(${JSON.stringify(o.items)}::jsonb) AS x("id" text, "variantId" text, "productId" text,
        "productName" text, "sku" text, "attributes" jsonb, "productImage" text, "unitPriceCents" int, "quantity" int, "lineTotalCents" int)
    ), gifts AS (
      INSERT INTO "OrderGift" ("id", "orderId", "giftItemId", "giftName", "tierId", "tierName", "quantity")
      SELECT x."id", o."id", x."giftItemId", x."giftName", x."tierId", x."tierName", x."quantity"
      FROM o, jsonb_to_recordset(${JSON.stringify(o.gifts)}::jsonb) AS x("id" text, "giftItemId" text, "giftName" text, "tierId" text,
        "tierName" text, "quantity" int)
    ), event AS (
      INSERT INTO "OrderStatusEvent" ("id", "orderId", "fromStatus", "toStatus", "userId", "actorRole")
      SELECT ${newId()}, o."id", NULL, 'pending'::"OrderStatus", ${o.userId}, 'customer' FROM o
    ), cart AS (
      DELETE FROM "Cart" WHERE "id" = ${o.cartId}
    ), claim AS (
      UPDATE "IdempotencyKey" SET "orderId" = o."id" FROM o WHERE "scope" = 'order' AND "owner" = ${o.userId} AND "key" = ${o.key}
    ), address AS (
      UPDATE "User" SET "lastUsedAddressId" = a."id", "updatedAt" = ${at}::timestamp
      FROM (SELECT "id" FROM "Address" WHERE "userId" = ${o.userId} AND (
              (${o.addressId}::text IS NOT NULL AND "id" = ${o.addressId})
           OR (${o.addressId}::text IS NULL AND "addressLine1" = ${s.line1} AND "postalCode" = ${s.postalCode}
               AND "country" = ${s.country} AND "fullName" = ${s.fullName}))
            ORDER BY "createdAt" LIMIT 1) a
      WHERE "User"."id" = ${o.userId}
    )
    SELECT 1`;
}

const lockedVariant = z.object({ id: z.string(), onHand: int, allocated: int, safetyStock: int });
export type LockedVariant = z.infer<typeof lockedVariant>;

/**
 * Locks the order's variant rows in id order (two orders sharing variants queue instead of
 * deadlocking) and reads their stock as it is now. Rows that no longer exist are simply missing.
 * Locking and updating are two statements on purpose: a row that another order changed while this
 * one waited would be skipped by an UPDATE in the statement that locked it. The lock is the one an
 * UPDATE takes (NO KEY): the order lines written before hold key-share locks on these rows (their
 * foreign key), which a plain FOR UPDATE would wait on, deadlocking two orders of the same item.
 */
export async function lockVariants(tx: Tx, variantIds: string[]): Promise<LockedVariant[]> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT "id", "onHand", "allocated", "safetyStock" FROM "Variant"
    WHERE "id" IN (SELECT jsonb_array_elements_text(${JSON.stringify(variantIds)}::jsonb))
    ORDER BY "id" FOR NO KEY UPDATE`;
  return z.array(lockedVariant).parse(rows);
}

/**
 * With the variants locked and every line known to fit: allocates them and writes the ledger rows
 * in one statement, which also locks the products of the order in id order and adds the units sold
 * to them (every product is locked before any is updated: the sum reads them all first). Answers
 * the allocated figure after each update.
 */
export async function allocateLockedVariants(
  tx: Tx,
  lines: { variantId: string; productId: string; quantity: number; sku: string }[],
  ref: { userId: string; orderId: string },
): Promise<Map<string, number>> {
  const want = lines.map((l) => ({ variantId: l.variantId, productId: l.productId, quantity: l.quantity, subject: l.sku, ledgerId: newId() }));
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const rows = await tx.$queryRaw<unknown[]>`
    WITH want AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(want)}::jsonb)
        AS w("variantId" text, "productId" text, "quantity" int, "subject" text, "ledgerId" text)
    ), taken AS (
      UPDATE "Variant" v SET "allocated" = v."allocated" + w."quantity", "updatedAt" = NOW()
      FROM want w
      WHERE v."id" = w."variantId" AND ${availableSql('v')} >= w."quantity"
      RETURNING v."id", v."allocated", w."quantity", w."subject", w."ledgerId"
    ), ledger AS (
      INSERT INTO "InventoryLedger" ("id", "variantId", "subject", "field", "reason", "delta", "before", "after", "userId", "orderId")
      SELECT t."ledgerId", t."id", t."subject", 'allocated', 'order_placed', t."quantity", t."allocated" - t."quantity", t."allocated",
        ${ref.userId}, ${ref.orderId}
      FROM taken t
    ), products AS MATERIALIZED (
      SELECT "id" FROM "Product" WHERE "id" IN (SELECT jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))
      ORDER BY "id" FOR NO KEY UPDATE
    ), sold AS (
      UPDATE "Product" p SET "unitsSold" = p."unitsSold" + s."qty"
      FROM (SELECT w."productId", sum(w."quantity")::int AS "qty" FROM want w JOIN products pr ON pr."id" = w."productId" GROUP BY w."productId") s
      WHERE p."id" = s."productId"
    )
    SELECT t."id", t."allocated", (SELECT count(*)::int FROM products) AS "products" FROM taken t`;
  const taken = z.array(z.object({ id: z.string(), allocated: int })).parse(rows);
  // The rows are locked and were checked, so every line is taken; anything else is a bug, not a shortage.
  if (taken.length !== lines.length) throw new Error(`Allocated ${taken.length} of ${lines.length} locked order lines`);
  return new Map(taken.map((r) => [r.id, r.allocated]));
}

/** Locks a coupon with a use limit, so that orders using it count its uses one after another. */
export async function lockCoupon(tx: Tx, couponId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Coupon" WHERE "id" = ${couponId} FOR UPDATE`;
}

const giftAllocatedRow = z.object({ allocated: int });

/**
 * Takes one unit of an active gift if one is left, with its ledger row, in one statement; answers
 * the gift's new allocated count, or null when it has run out (or was switched off) meanwhile.
 */
export async function allocateGift(tx: Tx, giftId: string, ref: { userId: string; orderId: string }): Promise<number | null> {
  const rows = await tx.$queryRaw<unknown[]>`
    WITH taken AS (
      UPDATE "GiftItem" SET "allocated" = "allocated" + 1, "updatedAt" = NOW()
      WHERE "id" = ${giftId} AND "isActive" = true AND "stockQuantity" - "allocated" >= 1
      RETURNING "id", "name", "allocated"
    ), ledger AS (
      INSERT INTO "InventoryLedger" ("id", "giftItemId", "subject", "field", "reason", "delta", "before", "after", "userId", "orderId")
      SELECT ${newId()}, t."id", t."name", 'allocated', 'order_placed', 1, t."allocated" - 1, t."allocated", ${ref.userId}, ${ref.orderId}
      FROM taken t
    )
    SELECT "allocated" FROM taken`;
  return rows.length ? giftAllocatedRow.parse(rows[0]).allocated : null;
}

/** One use of a coupon, recorded with its order. */
export async function recordCouponUse(tx: Tx, use: { couponId: string; orderId: string; userId: string; discountCents: number }): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "CouponRedemption" ("id", "couponId", "orderId", "userId", "discountCents")
    VALUES (${newId()}, ${use.couponId}, ${use.orderId}, ${use.userId}, ${use.discountCents})`;
}

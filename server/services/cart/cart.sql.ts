// The cart read behind every cart answer, written as SQL
// (docs/decisions/0088-cart-and-chat-history-sql.md). Prisma's nested select for it (cartSelect in
// cart-view.ts) was its heaviest compile per call and, on PGlite, an expensive plan of nested JSON;
// one flat row per line costs the embedded engine much less. The rows are checked by zod and folded
// into the same CartRow that cart-view.ts prices, so no rule changes with the read.
import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { newId } from '../../db/ids';
import type { SqlClient } from '../../db/sql-client';
import { int, json } from '../../db/sql-rows';
import type { CartRow } from './cart-view';

type Db = Prisma.TransactionClient;

/** Which cart: the shopper's (user or guest) or a known cart id. */
export type CartKey = { userId: string } | { guestId: string } | { id: string };

const cartColumns = z.object({
  id: z.string(),
  couponCode: z.string().nullable(),
  gifts: json(z.array(z.object({ id: z.string(), tierId: z.string(), giftItemId: z.string() }))),
});

/** A variant's order quantity rules (shared/domain/quantity-rules.ts); null is no rule. */
const ruleColumns = { orderMinimum: int.nullable(), orderMultiple: int.nullable(), orderMaximum: int.nullable() };
const ruleSql = Prisma.sql`v."orderMinimum", v."orderMultiple", v."orderMaximum"`;

const lineColumns = z.object({
  itemId: z.string(),
  quantity: int,
  variantId: z.string(),
  sku: z.string(),
  type: z.string(),
  color: z.string(),
  sizeCode: z.string(),
  packSize: int,
  weightGrams: int,
  onHand: int,
  allocated: int,
  safetyStock: int,
  ...ruleColumns,
  priceTiers: json(z.array(z.object({ minQuantity: int, priceCents: int }))),
  productId: z.string(),
  productName: z.string(),
  imageUrl: z.string().nullable(),
});

const keyCondition = (key: CartKey) =>
  'userId' in key ? Prisma.sql`c."userId" = ${key.userId}` : 'guestId' in key ? Prisma.sql`c."guestId" = ${key.guestId}` : Prisma.sql`c."id" = ${key.id}`;

/**
 * The SELECT of a cart with its lines (oldest first), each line's variant, price tiers, product and
 * first image, and the picked gifts: one row per line, or one row with no line for an empty cart; the
 * gifts ride on every row. `carts` and `items` are where the cart and line rows come from: the tables,
 * or what a write just returned (addToCart).
 */
const cartSelect = (carts: Prisma.Sql, items: Prisma.Sql, where: Prisma.Sql) => Prisma.sql`
    SELECT c."id", c."couponCode",
      COALESCE((SELECT json_agg(json_build_object('id', g."id", 'tierId', g."tierId", 'giftItemId', g."giftItemId") ORDER BY g."createdAt", g."id")
                FROM "CartGift" g WHERE g."cartId" = c."id"), '[]'::json) AS "gifts",
      ci."id" AS "itemId", ci."quantity",
      v."id" AS "variantId", v."sku", v."type", v."color", v."sizeCode", v."packSize", v."weightGrams",
      v."onHand", v."allocated", v."safetyStock", ${ruleSql},
      COALESCE((SELECT json_agg(json_build_object('minQuantity', pt."minQuantity", 'priceCents', pt."priceCents") ORDER BY pt."minQuantity")
                FROM "PriceTier" pt WHERE pt."variantId" = v."id"), '[]'::json) AS "priceTiers",
      p."id" AS "productId", p."name" AS "productName",
      (SELECT im."url" FROM "ProductImage" im WHERE im."productId" = p."id" ORDER BY im."position" LIMIT 1) AS "imageUrl"
    FROM ${carts} c
    LEFT JOIN (${items} ci JOIN "Variant" v ON v."id" = ci."variantId" JOIN "Product" p ON p."id" = v."productId")
      ON ci."cartId" = c."id"
    WHERE ${where}
    ORDER BY ci."createdAt", ci."id"`;

/** The cart of a shopper or by id, as cart-view.ts prices it; null when there is no cart. */
export async function readCartRow(db: SqlClient, key: CartKey): Promise<CartRow | null> {
  return toCartRow(await db.$queryRaw<unknown[]>(cartSelect(Prisma.sql`"Cart"`, Prisma.sql`"CartItem"`, keyCondition(key))));
}

function toCartRow(rows: unknown[]): CartRow | null {
  if (rows.length === 0) return null;
  const cart = cartColumns.parse(rows[0]);
  const lines = (rows as { itemId: unknown }[]).filter((r) => r.itemId !== null).map((r) => lineColumns.parse(r));
  return {
    id: cart.id,
    couponCode: cart.couponCode,
    items: lines.map((l) => ({
      id: l.itemId,
      quantity: l.quantity,
      variant: {
        id: l.variantId,
        sku: l.sku,
        type: l.type,
        color: l.color,
        sizeCode: l.sizeCode,
        packSize: l.packSize,
        weightGrams: l.weightGrams,
        onHand: l.onHand,
        allocated: l.allocated,
        safetyStock: l.safetyStock,
        orderMinimum: l.orderMinimum,
        orderMultiple: l.orderMultiple,
        orderMaximum: l.orderMaximum,
        priceTiers: l.priceTiers,
        product: { id: l.productId, name: l.productName, images: l.imageUrl === null ? [] : [{ url: l.imageUrl }] },
      },
    })),
    gifts: cart.gifts,
  };
}

/** A shopper's cart: by user or by guest session. */
export type ShopperKey = Exclude<CartKey, { id: string }>;

const variantForAdd = z.object({
  id: z.string(),
  sku: z.string(),
  sizeCode: z.string(),
  packSize: int,
  onHand: int,
  allocated: int,
  safetyStock: int,
  ...ruleColumns,
  productId: z.string(),
  productName: z.string(),
  priceTiers: json(z.array(z.object({ minQuantity: int, priceCents: int }))),
  inCart: int,
  hasCart: z.boolean(),
});

/**
 * What adding a variant is checked against: its stock, name, price tiers and this shopper's line of
 * it; `hasCart` says whether the shopper has a cart yet (a guest's first cart is rate limited).
 */
export type VariantForAdd = Omit<z.infer<typeof variantForAdd>, 'productName' | 'productId'> & { product: { id: string; name: string } };

/**
 * The variants picked by `which`, each with what the shopper already has of it (0 without a shopper,
 * line or cart) and whether the shopper has a cart at all (one look-up by the owner's unique key,
 * computed once for all rows), so an add learns it with no query of its own.
 */
function variantsForAddSql(shopper: ShopperKey | null, which: Prisma.Sql) {
  return Prisma.sql`
    SELECT v."id", v."sku", v."sizeCode", v."packSize", v."onHand", v."allocated", v."safetyStock", ${ruleSql}, p."id" AS "productId", p."name" AS "productName",
      COALESCE((SELECT json_agg(json_build_object('minQuantity', pt."minQuantity", 'priceCents', pt."priceCents") ORDER BY pt."minQuantity")
                FROM "PriceTier" pt WHERE pt."variantId" = v."id"), '[]'::json) AS "priceTiers",
      ${
        shopper
          ? Prisma.sql`COALESCE((SELECT ci."quantity" FROM "CartItem" ci JOIN "Cart" c ON c."id" = ci."cartId"
                WHERE ci."variantId" = v."id" AND ${keyCondition(shopper)}), 0)`
          : Prisma.sql`0`
      } AS "inCart",
      ${shopper ? Prisma.sql`EXISTS (SELECT 1 FROM "Cart" c WHERE ${keyCondition(shopper)})` : Prisma.sql`FALSE`} AS "hasCart"
    FROM "Variant" v JOIN "Product" p ON p."id" = v."productId"
    WHERE ${which}`;
}

function toVariantForAdd(row: unknown): VariantForAdd {
  const { productName, productId, ...variant } = variantForAdd.parse(row);
  return { ...variant, product: { id: productId, name: productName } };
}

/** The variant with what the shopper already has of it (0 without a line or a cart); null when unknown. */
export async function readVariantForAdd(db: Db, shopper: ShopperKey, variantId: string): Promise<VariantForAdd | null> {
  const rows = await db.$queryRaw<unknown[]>(variantsForAddSql(shopper, Prisma.sql`v."id" = ${variantId}`));
  return rows.length === 0 ? null : toVariantForAdd(rows[0]);
}

/** Many variants by id or by SKU, as readVariantForAdd reads one: one query whatever the count. */
export async function readVariantsForAdd(db: Db, shopper: ShopperKey | null, which: { ids: string[] } | { skus: string[] }): Promise<VariantForAdd[]> {
  const list = 'ids' in which ? which.ids : which.skus;
  if (list.length === 0) return [];
  const column = 'ids' in which ? Prisma.raw('v."id"') : Prisma.raw('v."sku"');
  const rows = await db.$queryRaw<unknown[]>(variantsForAddSql(shopper, Prisma.sql`${column} = ANY(${list}::text[])`));
  return rows.map(toVariantForAdd);
}

const orderLineForAdd = z.object({ lineVariantId: z.string().nullable(), lineSku: z.string(), lineName: z.string(), lineQuantity: int, id: z.string().nullable() });

/**
 * The lines of one of the user's orders (in order), each with its variant as readVariantsForAdd reads
 * it (null once deleted): one statement for "order again". Null when the order is unknown or
 * someone else's; the LEFT JOIN tells that from an order without lines.
 */
export async function readOrderLinesForAdd(db: Db, userId: string, orderId: string) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT i."variantId" AS "lineVariantId", i."sku" AS "lineSku", i."productName" AS "lineName", i."quantity" AS "lineQuantity", va.*
    FROM "Order" o
    LEFT JOIN "OrderItem" i ON i."orderId" = o."id"
    LEFT JOIN LATERAL (${variantsForAddSql({ userId }, Prisma.sql`v."id" = i."variantId"`)}) va ON TRUE
    WHERE o."id" = ${orderId} AND o."userId" = ${userId}
    ORDER BY i."id"`;
  if (rows.length === 0) return null;
  return (rows as { lineSku: unknown }[])
    .filter((r) => r.lineSku !== null)
    .map((r) => {
      const line = orderLineForAdd.parse(r);
      return { variantId: line.lineVariantId, sku: line.lineSku, productName: line.lineName, quantity: line.lineQuantity, variant: line.id === null ? null : toVariantForAdd(r) };
    });
}

/**
 * Adds several quantities (one per distinct variant) to the shopper's cart and answers the cart after
 * it, in one statement, as addToCart adds one: the cart is created or touched, each line created or
 * added to, all of them or (on any failure) none, and the cart read from what the writes returned and
 * the other lines from the table. Both writes are INSERT ... ON CONFLICT on the unique keys (the
 * owner; the cart and variant), so two first adds of one shopper at once end with one cart and one
 * line holding both quantities: PostgreSQL makes the second wait for the first and then update what
 * it wrote, with no unique violation to catch. The read sees the tables as they were when the
 * statement began, hence the added lines from what the writes returned. Ids and times are made here,
 * as Prisma would (@default(cuid()) and @updatedAt are filled in by the client, not the database).
 */
export async function addManyToCart(db: Db, shopper: ShopperKey, lines: { variantId: string; quantity: number }[], now = new Date()): Promise<CartRow> {
  const at = now.toISOString();
  const [column, value] = 'userId' in shopper ? [Prisma.raw('"userId"'), shopper.userId] : [Prisma.raw('"guestId"'), shopper.guestId];
  const ids = lines.map(() => newId());
  const variantIds = lines.map((l) => l.variantId);
  const rows = await db.$queryRaw<unknown[]>`
    WITH touched AS (
      INSERT INTO "Cart" ("id", ${column}, "createdAt", "updatedAt") VALUES (${newId()}, ${value}, ${at}::timestamp, ${at}::timestamp)
      ON CONFLICT (${column}) DO UPDATE SET "updatedAt" = EXCLUDED."updatedAt"
      RETURNING "id", "couponCode"
    ), added AS (
      INSERT INTO "CartItem" ("id", "cartId", "variantId", "quantity", "createdAt", "updatedAt")
      SELECT l."id", touched."id", l."variantId", l."quantity", ${at}::timestamp + (l."n" * interval '1 microsecond'), ${at}::timestamp
      FROM touched, unnest(${ids}::text[], ${variantIds}::text[], ${lines.map((l) => l.quantity)}::int[]) WITH ORDINALITY AS l("id", "variantId", "quantity", "n")
      ON CONFLICT ("cartId", "variantId") DO UPDATE SET "quantity" = "CartItem"."quantity" + EXCLUDED."quantity", "updatedAt" = EXCLUDED."updatedAt"
      RETURNING "id", "cartId", "variantId", "quantity", "createdAt"
    )
    ${cartSelect(
      Prisma.sql`touched`,
      Prisma.sql`(SELECT "id", "cartId", "variantId", "quantity", "createdAt" FROM added
        UNION ALL
        SELECT "id", "cartId", "variantId", "quantity", "createdAt" FROM "CartItem"
        WHERE "cartId" = (SELECT "id" FROM touched) AND "variantId" <> ALL(${variantIds}::text[]))`,
      Prisma.sql`TRUE`,
    )}`;
  const cart = toCartRow(rows);
  if (!cart) throw new Error('Cart add returned no cart');
  return cart;
}

/** Adds a quantity to the shopper's line of one variant and answers the cart after it: addManyToCart with one line. */
export function addToCart(db: Db, shopper: ShopperKey, variantId: string, quantity: number, now = new Date()): Promise<CartRow> {
  return addManyToCart(db, shopper, [{ variantId, quantity }], now);
}

/** Locks a cart row until the transaction ends, so two changes of one cart's gifts take turns. */
export async function lockCart(tx: Db, cartId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Cart" WHERE "id" = ${cartId} FOR UPDATE`;
}

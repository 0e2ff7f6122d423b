// The order's own rows, written in one statement, as SQL (why order placement is written as SQL: read-lines.sql.ts).
import { newId } from '../../../db/ids';
import type { SqlClient as Tx } from '../../../db/sql-client';
import type { ShipColumns } from '../ship-address';

export interface OrderWrite {
  id: string;
  orderNumber: string;
  userId: string;
  email: string;
  createdAt: Date;
  /** pending (paid up front) or processing (paid on invoice, decision 0194). */
  status: 'pending' | 'processing';
  /** stripe | invoice */
  paymentMethod: string;
  poNumber: string | null;
  /** Orders paid on invoice: the calendar day (YYYY-MM-DD) payment falls due. */
  dueDay: string | null;
  totals: { subtotalCents: number; discountCents: number; shippingCents: number; gstCents: number; totalCents: number; totalWeightGrams: number };
  couponCode: string | null;
  /** The buyer's company as the tax invoice will print it (JSON), or null for a private buyer. */
  buyerCompany: string | null;
  /** The company the buyer places it for (its admins see it), or null. */
  companyId: string | null;
  ship: ShipColumns;
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
        "shipLine2", "shipUnit", "shipPostalCode", "shipCity", "shipState", "shipCountry", "buyerCompany", "companyId", "poNumber", "dueDate", "invoiceDue", "createdAt", "updatedAt")
      VALUES (${o.id}, ${o.orderNumber}, ${o.userId}, ${o.email}, ${o.status}::"OrderStatus", ${o.paymentMethod}, ${t.subtotalCents}, ${t.discountCents},
        ${t.shippingCents}, ${t.gstCents}, ${t.totalCents}, ${t.totalWeightGrams}, ${o.couponCode}, ${s.shipFullName}, ${s.shipPhone}, ${s.shipLine1},
        ${s.shipLine2}, ${s.shipUnit}, ${s.shipPostalCode}, ${s.shipCity}, ${s.shipState}, ${s.shipCountry}, ${o.buyerCompany}::jsonb, ${o.companyId}, ${o.poNumber}, ${o.dueDay}::date, true, ${at}::timestamp, ${at}::timestamp)
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
      SELECT ${newId()}, o."id", NULL, ${o.status}::"OrderStatus", ${o.userId}, 'customer' FROM o
    ), cart AS (
      DELETE FROM "Cart" WHERE "id" = ${o.cartId}
    ), claim AS (
      UPDATE "IdempotencyKey" SET "orderId" = o."id" FROM o WHERE "scope" = 'order' AND "owner" = ${o.userId} AND "key" = ${o.key}
    ), address AS (
      UPDATE "User" SET "lastUsedAddressId" = a."id", "updatedAt" = ${at}::timestamp
      FROM (SELECT "id" FROM "Address" WHERE "userId" = ${o.userId} AND (
              (${o.addressId}::text IS NOT NULL AND "id" = ${o.addressId})
           OR (${o.addressId}::text IS NULL AND "addressLine1" = ${s.shipLine1} AND "postalCode" = ${s.shipPostalCode}
               AND "country" = ${s.shipCountry} AND "fullName" = ${s.shipFullName}))
            ORDER BY "createdAt" LIMIT 1) a
      WHERE "User"."id" = ${o.userId}
    )
    SELECT 1`;
}

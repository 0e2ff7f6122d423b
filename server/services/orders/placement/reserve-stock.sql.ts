// The order's variants locked and allocated, as SQL (why order placement is written as SQL: read-lines.sql.ts).
import { z } from 'zod';
import { newId } from '../../../db/ids';
import type { SqlClient as Tx } from '../../../db/sql-client';
import { int } from '../../../db/sql-rows';
import { availableSql } from '../../../db/stock.sql';

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

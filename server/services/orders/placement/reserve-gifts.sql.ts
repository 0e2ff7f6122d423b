// One unit of a chosen gift taken, as SQL (why order placement is written as SQL: read-lines.sql.ts).
import { z } from 'zod';
import { newId } from '../../../db/ids';
import type { SqlClient as Tx } from '../../../db/sql-client';
import { int } from '../../../db/sql-rows';

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

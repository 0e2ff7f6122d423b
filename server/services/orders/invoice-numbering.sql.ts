// The statement that gives placed orders their tax invoice numbers (invoice-numbering.ts).
import type { SqlClient } from '../../db/sql-client';
import { z } from 'zod';
import { int } from '../../db/sql-rows';

/**
 * Numbers every committed order still due for its invoice number, in one statement run on its own
 * (its own transaction, one round trip: nothing is held while the app thinks). The due orders are
 * locked in the order they were placed, then the counter row, so two steps at once never deadlock;
 * they are numbered in that order from the counter's next value on, and the counter moves past them.
 *
 * Two steps at once are safe because of how READ COMMITTED locks rows: an order that another step
 * numbered while this one waited for its lock is re-read and, no longer due, skipped; the counter is
 * re-read after its lock too. An order that committed after this statement began is not seen: its
 * own step numbers it. A step that finds nothing due locks and writes nothing.
 */
export async function numberDueOrders(db: SqlClient): Promise<{ id: string; invoiceNumber: number }[]> {
  const rows = await db.$queryRaw<unknown[]>`
    WITH due AS (
      SELECT "id", "createdAt" FROM "Order" WHERE "invoiceDue" ORDER BY "createdAt", "id" FOR UPDATE
    ), ranked AS (
      SELECT "id", row_number() OVER (ORDER BY "createdAt", "id")::int AS "n" FROM due
    ), total AS (
      SELECT count(*)::int AS "k" FROM ranked
    ), c AS (
      INSERT INTO "Counter" ("name", "value") SELECT 'invoice', "k" FROM total WHERE "k" > 0
      ON CONFLICT ("name") DO UPDATE SET "value" = "Counter"."value" + EXCLUDED."value"
      RETURNING "value"
    )
    UPDATE "Order" o SET "invoiceNumber" = c."value" - total."k" + ranked."n", "invoiceDue" = false
    FROM ranked, total, c
    WHERE o."id" = ranked."id"
    RETURNING o."id", o."invoiceNumber"`;
  return z.array(z.object({ id: z.string(), invoiceNumber: int })).parse(rows);
}

import type { PrismaClient } from '@prisma/client';
import { z } from 'zod';
import { int } from '../../db/sql-rows';

// The rows behind "what buyers look for" (decision 0173): "SearchQueryDay" holds one row per
// Singapore day and folded query text, with how often it was searched and how often it found nothing.

export interface CountedDay {
  /** YYYY-MM-DD, the Singapore day. */
  day: string;
  query: string;
  searches: number;
  zeroResults: number;
}

/**
 * Adds counts in one statement. Rows go in sorted by (day, query), so two instances flushing
 * overlapping keys lock them in the same order and cannot deadlock; each key appears once.
 */
export async function addSearchCounts(db: PrismaClient, rows: CountedDay[]): Promise<void> {
  if (!rows.length) return;
  const sorted = [...rows].sort((a, b) => (a.day === b.day ? (a.query < b.query ? -1 : a.query > b.query ? 1 : 0) : a.day < b.day ? -1 : 1));
  await db.$executeRaw`
    INSERT INTO "SearchQueryDay" ("day", "query", "searches", "zeroResults")
    SELECT d, q, s, z FROM unnest(
      ${sorted.map((r) => r.day)}::date[], ${sorted.map((r) => r.query)}::text[],
      ${sorted.map((r) => r.searches)}::int[], ${sorted.map((r) => r.zeroResults)}::int[]
    ) AS t(d, q, s, z)
    ON CONFLICT ("day", "query") DO UPDATE SET
      "searches" = "SearchQueryDay"."searches" + EXCLUDED."searches",
      "zeroResults" = "SearchQueryDay"."zeroResults" + EXCLUDED."zeroResults"`;
}

const queryRow = z.object({ query: z.string(), searches: int, zero_results: int });
const totalsRow = z.object({ searches: int, zero_results: int });

/** Days from..to (both included): the most searched queries, and those that most often found nothing. */
export async function searchCountsIn(db: PrismaClient, from: string, to: string, limit: number) {
  const [top, zero, totals] = await Promise.all([
    db.$queryRaw<unknown[]>`
      SELECT "query", SUM("searches") AS searches, SUM("zeroResults") AS zero_results
      FROM "SearchQueryDay" WHERE "day" BETWEEN ${from}::date AND ${to}::date
      GROUP BY "query" ORDER BY searches DESC, "query" LIMIT ${limit}`,
    db.$queryRaw<unknown[]>`
      SELECT "query", SUM("searches") AS searches, SUM("zeroResults") AS zero_results
      FROM "SearchQueryDay" WHERE "day" BETWEEN ${from}::date AND ${to}::date AND "zeroResults" > 0
      GROUP BY "query" ORDER BY zero_results DESC, "query" LIMIT ${limit}`,
    db.$queryRaw<unknown[]>`
      SELECT coalesce(SUM("searches"), 0) AS searches, coalesce(SUM("zeroResults"), 0) AS zero_results
      FROM "SearchQueryDay" WHERE "day" BETWEEN ${from}::date AND ${to}::date`,
  ]);
  return {
    top: top.map((r) => queryRow.parse(r)),
    zero: zero.map((r) => queryRow.parse(r)),
    totals: totalsRow.parse(totals[0]),
  };
}

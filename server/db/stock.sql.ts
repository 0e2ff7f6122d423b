import { Prisma } from '@prisma/client';

/**
 * availableStock (shared/domain/stock.ts) as SQL, for queries that filter, sort or guard on it in
 * the database: GREATEST(0, v."onHand" - v."allocated" - v."safetyStock") for availableSql('v').
 * tests/api/catalogue/stock-sql.test.ts runs it over a set of rows and holds it equal to availableStock.
 * No index is built on this expression; if one ever is, write it exactly as this text.
 */
export function availableSql(alias: string): Prisma.Sql {
  // The alias is spliced in as raw SQL, so only a plain identifier is accepted.
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  const t = Prisma.raw(alias);
  return Prisma.sql`GREATEST(0, ${t}."onHand" - ${t}."allocated" - ${t}."safetyStock")`;
}

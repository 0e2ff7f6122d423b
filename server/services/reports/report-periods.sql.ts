// The pieces every report query is cut from: instants as the database stores them, "placed in
// [from, to)" for orders and sold lines, what counts as not cancelled, and a figure now beside the
// same figure in the period before (reports.sql.ts says why the reports are summed this way).
import { Prisma, type PrismaClient } from '@prisma/client';

export type Db = PrismaClient | Prisma.TransactionClient;

/** A UTC instant as a `timestamp` ("createdAt" is timestamp(3) without time zone, holding UTC). */
export const ts = (d: Date) => Prisma.sql`${d.toISOString().slice(0, 23).replace('T', ' ')}::timestamp`;
export const tsArray = (ds: Date[]) => Prisma.sql`${ds.map((d) => d.toISOString().slice(0, 23).replace('T', ' '))}::timestamp[]`;

/** Orders placed in [from, to). */
export const placedIn = (alias: string, from: Date, to: Date) => {
  const t = Prisma.raw(alias);
  return Prisma.sql`${t}."createdAt" >= ${ts(from)} AND ${t}."createdAt" < ${ts(to)}`;
};
export const NOT_CANCELLED = Prisma.sql`o."status" <> 'cancelled'`;
/** Sold lines (of orders not cancelled) whose order was placed in [from, to). */
export const soldIn = (from: Date, to: Date) => Prisma.sql`s."at" >= ${ts(from)} AND s."at" < ${ts(to)}`;

/**
 * Each figure twice from the same rows, read once over both periods: `<name>` over the rows where
 * `current` holds (this period) and `previous_<name>` over the others (the period before). A figure
 * is 'count' (the rows) or a column summed (0 over no rows).
 */
export function nowAndBefore(current: Prisma.Sql, figures: Record<string, 'count' | Prisma.Sql>): Prisma.Sql {
  const column = (name: string, figure: 'count' | Prisma.Sql, where: Prisma.Sql) =>
    figure === 'count'
      ? Prisma.sql`COUNT(*) FILTER (WHERE ${where}) AS ${Prisma.raw(name)}`
      : Prisma.sql`COALESCE(SUM(${figure}) FILTER (WHERE ${where}), 0) AS ${Prisma.raw(name)}`;
  const entries = Object.entries(figures);
  return Prisma.join([
    ...entries.map(([name, figure]) => column(name, figure, current)),
    ...entries.map(([name, figure]) => column(`previous_${name}`, figure, Prisma.sql`NOT (${current})`)),
  ]);
}

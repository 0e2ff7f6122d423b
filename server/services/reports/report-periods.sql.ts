// The pieces every report query is cut from: instants as the database stores them, "placed in
// [from, to)" for orders and sold lines, and what counts as not cancelled (reports.sql.ts says why
// the reports are summed this way).
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

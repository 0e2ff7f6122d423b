// Raw SQL on a plain pg connection, with the calling shape of Prisma's $queryRaw/$executeRaw, so a
// statement written once (in a *.sql.ts file) runs on a Prisma client, a Prisma transaction or a
// pg connection alike (docs/decisions/0148-order-placement-on-the-pg-connection.md). Prisma costs
// about 1 ms of CPU per statement on this machine for its query pipeline; the driver alone about
// 0.15 ms.
import { Prisma } from '@prisma/client';
import pg from 'pg';
import { dbQueryDuration } from '../lib/metrics';
import { poolOf } from './pool';

/** What SQL files need of a client: Prisma's clients and transactions fit it, and so does pgSql(). */
export interface SqlClient {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number>;
}

// Prisma stores DateTime as `timestamp(3)` holding UTC; the driver's default would read it as local
// time. Everything else is parsed as pg parses it (int8 and numeric as text: the zod row schemas
// coerce them, as they do for Prisma's bigints).
const TIMESTAMP = 1114;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMP) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

// A Date sent as a parameter goes as its UTC instant (the driver would send local time with an
// offset, which `::timestamp` drops).
const param = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

// A tagged template's strings are an array; a Prisma.sql`...` fragment is not.
const toSql = (query: TemplateStringsArray | Prisma.Sql, values: unknown[]): Prisma.Sql =>
  Array.isArray(query) ? Prisma.sql(query as TemplateStringsArray, ...values) : (query as Prisma.Sql);

// Each distinct statement text gets a name, so a connection parses and plans it once and then
// only binds and executes it (a prepared statement per connection, as pg keeps them). The texts of
// the *.sql.ts files are fixed; past a bound, texts built with varying shapes go unnamed.
const MAX_NAMED = 500;
const names = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMED) names.set(text, (name = `packshop_${names.size}`));
  return name;
}

/** A SqlClient on a pg connection or pool; every statement is timed into /metrics as Prisma's are. */
export function pgSql(conn: pg.PoolClient | pg.Pool): SqlClient {
  const run = async (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => {
    const q = toSql(query, values);
    const started = performance.now();
    try {
      return await conn.query({ name: statementName(q.text), text: q.text, values: q.values.map(param), types });
    } finally {
      dbQueryDuration.observe((performance.now() - started) / 1000);
    }
  };
  return {
    async $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      return (await run(query, values)).rows as T;
    },
    async $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      return (await run(query, values)).rowCount ?? 0;
    },
  };
}

/**
 * Statements on the client's pool directly, past Prisma; a client with no pg pool (the PGlite one an
 * upgrade opens) runs them itself.
 */
export function plainSql(db: SqlClient): SqlClient {
  const pool = poolOf(db);
  return pool ? pgSql(pool) : db;
}

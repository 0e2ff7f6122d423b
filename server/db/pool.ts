import pg from 'pg';
import { logger } from '../lib/log';

/** How long a statement may run (server-side) and how long a query may go unanswered (client-side). */
export interface PoolLimits {
  /**
   * PostgreSQL's statement_timeout on every pooled connection: the server cancels a statement that
   * runs longer (SQLSTATE 57014). 0 turns it off.
   */
  statementTimeoutMs?: number;
  /**
   * How long a query may wait for the server's answer before its connection is closed. It is what
   * bounds a request when the server cannot answer at all (frozen, a network partition), which the
   * server-side limit cannot; by default a little more than statementTimeoutMs, so a slow statement
   * is cancelled by the server first and keeps its connection. 0 turns it off.
   */
  queryTimeoutMs?: number;
  /** How long a request may wait for a pooled connection, or for a new one to open (pg-pool's connectionTimeoutMillis). */
  connectTimeoutMs?: number;
}

/** DB_STATEMENT_TIMEOUT_MS's default (server/env.ts): longer than any statement a request should run. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
// The client-side bound waits this much longer than the server's own, for its cancel to arrive.
const ANSWER_GRACE_MS = 5_000;

/**
 * The pg pool behind Prisma, for the embedded server and DATABASE_URL alike.
 *
 * Every connection has an 'error' listener for its whole life. pg-pool listens only while a
 * connection is idle, and a connection emits 'error' when its server dies while no query of it is
 * running (FATAL 57P01 "terminating connection due to unexpected postmaster exit"): unheard, that
 * is an uncaught exception that ends the process. It happened when the FATAL came in the same read
 * as the previous query's end, after the pool had handed the connection to its next user but before
 * that user (Prisma's transaction, sqlUnitOfWork) could listen. A connection that errs is closed;
 * pg refuses further queries on it and the pool drops it when it comes back.
 *
 * Why not let Prisma's adapter make the pool: when the server goes away in the middle of an
 * interactive transaction (kill -9, a restart), Prisma sends ROLLBACK, that fails on the dead
 * socket, and it never hands the connection back (it releases only after a successful ROLLBACK or
 * COMMIT). The pool would count that connection as busy forever: a few crashes and the shop would
 * wait on an empty pool, and closing the pool would wait for it at shutdown. So a connection that
 * ends while checked out is handed back here, marked broken, and a later release of it is a no-op.
 *
 * A query left unanswered for queryTimeoutMs closes its connection (see answerWithin): pg's own
 * query_timeout fails the query but keeps the connection, with the query still running on it, and
 * Prisma hands such a connection back as healthy, so the next transaction on it would run behind
 * the old one (or inside it).
 */
export function createPool(connectionString: string, max: number, limits: PoolLimits = {}): pg.Pool {
  const statementTimeoutMs = limits.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const queryTimeoutMs = limits.queryTimeoutMs ?? (statementTimeoutMs ? statementTimeoutMs + ANSWER_GRACE_MS : 0);
  // A connection that cannot be had in 5 s fails the request (503) rather than hanging it; that
  // includes opening one to a server that accepts the socket but does not answer (frozen).
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: limits.connectTimeoutMs ?? 5_000, ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}) });
  const checkedOut = new Set<pg.PoolClient>();
  const guarded = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', () => {
      // pg has already failed the queries in flight with this error and refuses new ones; closing
      // the socket makes sure the connection ends (and is handed back below if it is checked out).
      void client.end().catch(() => undefined);
    });
    if (queryTimeoutMs) answerWithin(client, queryTimeoutMs);
  });
  pool.on('acquire', (client) => {
    checkedOut.add(client);
    if (guarded.has(client)) return;
    guarded.add(client);
    client.on('end', () => {
      if (!checkedOut.has(client)) return;
      checkedOut.delete(client);
      try {
        client.release(new Error('The database connection ended while in use'));
      } catch {
        // already released by its user between the end and now
      }
      client.release = () => {};
    });
  });
  pool.on('release', (_err, client) => {
    checkedOut.delete(client);
  });
  // Idle connections of a server that went away: the pool drops them; nothing else to do.
  pool.on('error', () => {});
  return pool;
}

type QueryCallback = (err: Error | null, result: unknown) => void;

/**
 * Closes `client` when a query of it has had no answer for `ms` (from when it was queued): the
 * query and any queued behind it fail with "Connection terminated" (a 503), and the connection is
 * dropped rather than reused. Streams (pg-copy-streams, cursors) are not bounded; the pool has none.
 */
function answerWithin(client: pg.PoolClient, ms: number): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const bounded = (...args: unknown[]): unknown => {
    const [config] = args;
    if (typeof (config as { submit?: unknown } | null)?.submit === 'function') return query(...args);
    const timer = setTimeout(() => {
      logger().warn({ timeout_ms: ms }, 'A database query had no answer in time; its connection was closed');
      void client.end().catch(() => undefined);
    }, ms);
    const last = args.findLastIndex((a) => typeof a === 'function');
    if (last > 0) {
      const callback = args[last] as QueryCallback;
      args[last] = (err: Error | null, result: unknown) => {
        clearTimeout(timer);
        callback(err, result);
      };
      return query(...args);
    }
    const result = query(...args) as Promise<unknown>;
    result.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
    return result;
  };
  client.query = bounded as typeof client.query;
}

/** Resolves when `promise` settles or after `ms`, whichever is first (a bounded shutdown step). */
export async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

// Which pool a Prisma client runs on, so that a hot path can take a plain connection from the same
// pool (server/db/unit-of-work.ts, sqlUnitOfWork) instead of opening a second one.
const pools = new WeakMap<object, pg.Pool>();

export function registerPool(db: object, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** The pg pool behind a client opened by server/db/client.ts; none for another client (the PGlite one of an upgrade). */
export function poolOf(db: object): pg.Pool | undefined {
  return pools.get(db);
}

import type { Prisma, PrismaClient } from '@prisma/client';
import type pg from 'pg';
import { announceCommitted, type Committed, type SessionChange } from './commit-signal';
import { DatabaseBusyError } from './errors';
import { poolOf } from './pool';
import { pgSql, type SqlClient } from './sql-client';

/**
 * The one way to write: unitOfWork() opens the transaction, and the functions that write rows
 * (the outbox, webhook emits, the stock ledger, catalogue, promotion, session and order writes)
 * note on it what changed. Once it has committed, and only then, the unit announces "committed,
 * with these changes" once (commit-signal.ts); it knows nothing of who listens. The subscribers
 * (caches to drop, here and on every other instance, workers to wake, invoice numbering) are wired
 * at start in server/after-commit.ts and run caches first, then workers. A rolled-back transaction
 * announces nothing. A subscriber that throws is logged; the write it follows is committed and
 * stays a success.
 *
 * The unit is found from the transaction client itself (a WeakMap lookup), so the functions that
 * write keep their `(tx, ...)` signatures and nothing asynchronous has to carry context.
 */
type Tx = Prisma.TransactionClient;

class Unit {
  noted = false;
  catalogue: string | null = null;
  promotions = false;
  sessions: SessionChange[] = [];
  webhookEndpoints = false;
  outbox = false;
  webhooks = false;
  invoicesDue = false;
  constructor(readonly db: PrismaClient) {}

  /** What the commit signal carries. */
  committed(): Committed {
    const { db, catalogue, promotions, sessions, webhookEndpoints, outbox, webhooks, invoicesDue } = this;
    return { db, catalogue, promotions, sessions, webhookEndpoints, outbox, webhooks, invoicesDue };
  }
}

const units = new WeakMap<object, Unit>();

/** What the note functions accept: the transaction of unitOfWork or sqlUnitOfWork, or oneStatement's unit. */
type Target = Tx | SqlClient | Unit;

function unitOf(tx: Target): Unit {
  const unit = tx instanceof Unit ? tx : units.get(tx);
  // Noted before the write: a write outside unitOfWork fails before it happens, in tests first.
  if (!unit) throw new Error('A write with after-commit effects ran outside unitOfWork()');
  unit.noted = true;
  return unit;
}

/** Products, variants, prices, stock or anything else the catalogue caches show changed. */
export function noteCatalogueChanged(tx: Target, reason: string): void {
  const unit = unitOf(tx);
  unit.catalogue ??= reason;
}

/** Gift tiers, gift items, the shipping rule or coupons changed. */
export function notePromotionsChanged(tx: Target): void {
  unitOf(tx).promotions = true;
}

/** A session ended or what sessions carry (role, names, password, addresses) changed. */
export function noteSessionsChanged(tx: Target, change: SessionChange): void {
  const list = unitOf(tx).sessions;
  for (const c of list) if (sameChange(c, change)) return;
  list.push(change);
}

/** A webhook endpoint was created, changed or deleted. */
export function noteWebhookEndpointsChanged(tx: Target): void {
  unitOf(tx).webhookEndpoints = true;
}

/** An e-mail was written to the outbox. */
export function noteOutboxQueued(tx: Target): void {
  unitOf(tx).outbox = true;
}

/** Webhook deliveries were written, or an endpoint was switched on. */
export function noteWebhooksQueued(tx: Target): void {
  unitOf(tx).webhooks = true;
}

/** An order was written due for its tax invoice number (numbered once it has committed). */
export function noteInvoicesDue(tx: Target): void {
  unitOf(tx).invoicesDue = true;
}

function sameChange(a: SessionChange, b: SessionChange): boolean {
  return 'userId' in a ? 'userId' in b && a.userId === b.userId : 'sessionId' in b && a.sessionId === b.sessionId;
}

type UnitOfWorkOptions = { isolationLevel?: Prisma.TransactionIsolationLevel; maxWait?: number; timeout?: number };

/**
 * Runs `fn` in one transaction and, once it has committed, the effects its writes noted. Options
 * are Prisma's (isolation level, maxWait, timeout); the client's defaults apply otherwise.
 */
export async function unitOfWork<T>(db: PrismaClient, fn: (tx: Tx) => Promise<T>, options?: UnitOfWorkOptions): Promise<T> {
  const unit = new Unit(db);
  const result = await db.$transaction(async (tx) => {
    units.set(tx, unit);
    try {
      return await fn(tx);
    } finally {
      // Keeps the map as small as the number of open transactions.
      units.delete(tx);
    }
  }, options);
  if (unit.noted) await announceCommitted(unit.committed());
  return result;
}

/**
 * unitOfWork on a plain pg connection of the same pool, for the hottest write (order placement,
 * docs/decisions/0148-order-placement-on-the-pg-connection.md): BEGIN, `fn`'s statements through
 * pgSql() (raw SQL only, no Prisma model calls), COMMIT, then the noted effects exactly as
 * unitOfWork runs them. It keeps Prisma's limits: a connection not had within `maxWait` and a
 * transaction still running at `timeout` fail with DatabaseBusyError (a 503); the latter's
 * connection is closed, which rolls it back. A connection that fails is dropped from the pool.
 */
export async function sqlUnitOfWork<T>(db: PrismaClient, fn: (tx: SqlClient) => Promise<T>, options: { maxWait?: number; timeout?: number } = {}): Promise<T> {
  const pool = poolOf(db);
  // A client with no pg pool (the PGlite one an upgrade opens) runs the same statements in Prisma's transaction.
  if (!pool) return unitOfWork(db, fn, options);
  const { maxWait = 5_000, timeout = 10_000 } = options;
  const conn = await connectWithin(pool, maxWait);
  // A checked-out connection's errors are its user's to handle (the pool listens only while it is
  // idle): a server that dies under it (kill -9) would otherwise be an uncaught exception. The
  // statement in flight fails with the error anyway, which ends the unit below.
  const ignore = () => undefined;
  conn.on('error', ignore);
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    conn.off('error', ignore);
    try {
      conn.release(err);
    } catch {
      // pool.ts already handed back a connection whose socket ended
    }
  };
  const unit = new Unit(db);
  const tx = pgSql(conn);
  units.set(tx, unit);
  let timer: NodeJS.Timeout | undefined;
  try {
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Closing the connection makes the server roll the transaction back and fails the statement in flight.
        release(new Error('Transaction timed out'));
        reject(new DatabaseBusyError(`Transaction expired after ${timeout} ms and was rolled back`));
      }, timeout);
    });
    expired.catch(() => undefined);
    const result = await Promise.race([
      (async () => {
        // Through tx, so that BEGIN and COMMIT count in /metrics as Prisma's do.
        await tx.$executeRaw`BEGIN`;
        const value = await fn(tx);
        await tx.$executeRaw`COMMIT`;
        return value;
      })(),
      expired,
    ]);
    release();
    if (unit.noted) await announceCommitted(unit.committed());
    return result;
  } catch (err) {
    if (!released) {
      // A failed statement leaves the transaction aborted: roll it back and reuse the connection;
      // if even that fails, the connection is broken and is dropped.
      await conn.query('ROLLBACK').then(
        () => release(),
        (e: Error) => release(e),
      );
    }
    throw err;
  } finally {
    clearTimeout(timer);
    units.delete(tx);
  }
}

/** A pooled connection within `ms`, or DatabaseBusyError; one that arrives later goes straight back. */
async function connectWithin(pool: pg.Pool, ms: number): Promise<pg.PoolClient> {
  let timer: NodeJS.Timeout | undefined;
  let late = false;
  const connecting = pool.connect();
  const waited = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      late = true;
      reject(new DatabaseBusyError(`Unable to start a transaction in the given time (${ms} ms)`));
    }, ms);
  });
  try {
    return await Promise.race([connecting, waited]);
  } catch (err) {
    if (late) connecting.then((c) => c.release(), () => undefined);
    // The pool's own limit (connectionTimeoutMillis) ends the same way.
    if (err instanceof Error && /timeout exceeded when trying to connect/i.test(err.message)) throw new DatabaseBusyError(err.message);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A write that is one statement on the client itself (committed on its own, no BEGIN/COMMIT round
 * trips), for hot paths; `fn` notes its effects on the unit it is given, and they run once the
 * statement has returned. More than one write belongs in unitOfWork.
 */
export async function oneStatement<T>(db: PrismaClient, fn: (unit: Unit) => Promise<T>): Promise<T> {
  const unit = new Unit(db);
  const result = await fn(unit);
  if (unit.noted) await announceCommitted(unit.committed());
  return result;
}

/**
 * Prisma's batch form (queries built beforehand, sent in one transaction) for writes with no
 * effect to note; it costs no interactive round trips.
 */
export function batchWrite<P extends Prisma.PrismaPromise<unknown>[]>(db: PrismaClient, queries: [...P], options?: { isolationLevel?: Prisma.TransactionIsolationLevel }) {
  return db.$transaction(queries, options);
}

import pg from 'pg';

/**
 * The pg pool behind Prisma, for the embedded server and DATABASE_URL alike.
 *
 * Why not let Prisma's adapter make it: when the server goes away in the middle of an interactive
 * transaction (kill -9, a restart), Prisma sends ROLLBACK, that fails on the dead socket, and it
 * never hands the connection back (it releases only after a successful ROLLBACK or COMMIT). The pool
 * would count that connection as busy forever: a few crashes and the shop would wait on an empty
 * pool, and closing the pool would wait for it at shutdown. So a connection that ends while
 * checked out is handed back here, marked broken, and a later release of it is a no-op.
 */
export function createPool(connectionString: string, max: number): pg.Pool {
  // A connection that cannot be had in 5 s fails the request (503) rather than hanging it.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000 });
  const checkedOut = new Set<pg.PoolClient>();
  const guarded = new WeakSet<pg.PoolClient>();
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

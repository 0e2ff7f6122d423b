import pg from 'pg';

/**
 * A connection of its own, outside the pool (the migration runner, backups, restores, the embedded
 * server's checks, scripts). pg emits 'error' on a client whose server dies while no query of it
 * is running (FATAL 57P01 when PostgreSQL is killed or restarted, a reset socket); with no
 * listener that is an uncaught exception and the whole process ends. The error itself is not lost:
 * pg has already failed the queries in flight with it, and refuses any later query ("not
 * queryable"), which the caller sees and handles as it does any failed query.
 */
export function newPgClient(config: string | pg.ClientConfig): pg.Client {
  const client = new pg.Client(config);
  client.on('error', () => undefined);
  return client;
}

/** Whether a server at `connectionString` accepts a connection and answers a query within about 2 s (start-up polls). */
export async function serverAnswers(connectionString: string): Promise<boolean> {
  const client = newPgClient({ connectionString, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

import { newPgClient } from './pg-client';
import type { SqlExecutor } from './migrate';

/**
 * The migration runner's raw executor on its own pg connection, outside Prisma: it runs
 * multi-statement SQL and holds session advisory locks, which a pooled Prisma connection cannot.
 */
export const pgExecutor = (connectionString: string): SqlExecutor => ({
  async withConnection(fn) {
    const client = newPgClient({ connectionString });
    await client.connect();
    try {
      return await fn({
        query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
        exec: async (sql) => {
          await client.query(sql);
        },
      });
    } finally {
      await client.end();
    }
  },
});

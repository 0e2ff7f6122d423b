import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../env';
import { openEmbedded, openPostgres, type Database } from '../db/client';
import { runningServerUrl } from '../db/embedded/embedded-server';

type ToolEnv = Pick<Env, 'DATABASE_URL' | 'dataDir' | 'EMBEDDED_DB_USER'>;

/** The embedded cluster's directory under DATA_DIR (server/db/client.ts openEmbedded). */
const embeddedClusterDir = (dataDir: string) => join(dataDir, 'postgres');

/** The connection string of the shop's embedded server when a running shop holds DATA_DIR, else null. */
export const runningShopUrl = (dataDir: string) => runningServerUrl(embeddedClusterDir(dataDir));

export interface BackupSource {
  database: Pick<Database, 'url' | 'kind'>;
  /** How the tool reached the database, for its output. */
  how: string;
  close(): Promise<void>;
}

/**
 * The database a command-line tool backs up: DATABASE_URL; or the embedded server of a shop that
 * is running on DATA_DIR, reached through its socket while the shop goes on taking orders; or,
 * when no shop runs, the embedded server started here for the length of the backup.
 */
export async function openBackupSource(env: ToolEnv, log?: (msg: string) => void): Promise<BackupSource> {
  if (env.DATABASE_URL) {
    return { database: { url: env.DATABASE_URL, kind: 'postgres' }, how: 'PostgreSQL (DATABASE_URL)', close: async () => undefined };
  }
  const running = runningShopUrl(env.dataDir);
  if (running) return { database: { url: running, kind: 'embedded' }, how: `the running shop's embedded database in ${env.dataDir}`, close: async () => undefined };
  if (!existsSync(join(embeddedClusterDir(env.dataDir), 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${env.dataDir} (no postgres/ folder): check DATA_DIR, or set DATABASE_URL.`);
  }
  const database = await openEmbedded({ dataDir: env.dataDir, osUser: env.EMBEDDED_DB_USER, log });
  return { database, how: `the embedded database in ${env.dataDir} (started for the backup)`, close: () => database.close() };
}

/** Opens the restore target: DATABASE_URL, or the embedded database of DATA_DIR, which no running shop may hold. */
export async function openRestoreTarget(env: ToolEnv, log?: (msg: string) => void): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL, 2);
  if (runningShopUrl(env.dataDir)) {
    throw new ShopRunningError(`A shop is running on ${env.dataDir}: stop it before restoring into its database.`);
  }
  return openEmbedded({ dataDir: env.dataDir, osUser: env.EMBEDDED_DB_USER, log });
}

export class ShopRunningError extends Error {
  override name = 'ShopRunningError';
}

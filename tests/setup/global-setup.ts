import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../server/db/client';
import { EmbeddedPostgres } from '../../server/db/embedded/embedded-server';
import { runMigrations } from '../../server/db/migrate';

export const TEMPLATE_DB = 'packshop_template';

/**
 * The `embedded` project runs on the shop's own embedded PostgreSQL server, started once per run in
 * a scratch directory (durability off: nothing here must survive a crash). A migrated template
 * database is built once; each test file gets a copy (CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  if (project.name !== 'embedded') return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'packshop-test-pg-'));
  // mkdtemp makes it private; the server's own system user (when tests run as root) must reach it.
  chmodSync(dir, 0o755);
  const server = new EmbeddedPostgres({
    dir: join(dir, 'postgres'),
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200', shared_buffers: '64MB' },
  });
  await server.start();
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const template = await openPostgres(server.url(TEMPLATE_DB), 1);
  await runMigrations(template.executor);
  await template.close();
  project.provide('embeddedAdminUrl', server.url('postgres'));
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    embeddedAdminUrl: string;
  }
}

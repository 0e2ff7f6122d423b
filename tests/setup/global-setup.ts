import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../../server/db/migrate';

// Initialising PGlite costs ~4 s; cloning a migrated data dir costs ~0.8 s. Build it once per run.
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'packshop-template-'));
  const pglite = new PGlite();
  await runMigrations({
    withConnection: (fn) =>
      fn({
        query: async (sql, params) => (await pglite.query(sql, params)).rows as Record<string, unknown>[],
        exec: async (sql) => {
          await pglite.exec(sql);
        },
      }),
  });
  const dump = await pglite.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

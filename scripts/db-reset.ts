import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { newPgClient } from '../server/db/pg-client';
import { readEnv } from '../server/env';

// Development only: throws the database away; the next `npm start` migrates and seeds afresh.
const env = readEnv();
if (env.NODE_ENV === 'production') {
  console.error('Refusing to reset a production database.');
  process.exit(1);
}
if (env.DATABASE_URL) {
  const client = newPgClient({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await client.end();
  console.log('Dropped every table in the DATABASE_URL database.');
} else {
  // The embedded server must not be running on it (the shop stopped): postmaster.pid says so.
  if (existsSync(join(env.dataDir, 'postgres', 'postmaster.pid'))) {
    console.error(`The embedded database in ${env.dataDir} looks in use (postgres/postmaster.pid exists). Stop the shop first.`);
    process.exit(1);
  }
  for (const dir of ['postgres', 'postgres-run', 'pglite']) rmSync(join(env.dataDir, dir), { recursive: true, force: true });
  rmSync(join(env.dataDir, 'uploads'), { recursive: true, force: true });
  console.log(`Removed the embedded database and uploads under ${env.dataDir}.`);
}
console.log('Run `npm start` (or `npm run dev`) to migrate and seed again.');

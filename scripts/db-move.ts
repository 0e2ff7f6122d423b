import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { backupFileName } from '../server/backups/index';
import { moveDatabase } from '../server/backups/move';
import { openBackupSource, runningShopUrl } from '../server/backups/open';
import { readEnv } from '../server/env';
import { commandBackupDir } from './lib/backup-dir';
import { commandArgs } from './lib/cli-args';

// npm run db:move -- --to postgres://user:password@host:5432/shop
// Moves the shop from its embedded database (DATA_DIR) into an empty PostgreSQL database: every
// table, sequence and counter, the uploaded images (into the database image store), then checks
// row counts and the sum of every money and stock column on both sides. The shop must be stopped
// (a move of a shop that takes orders meanwhile would leave those orders behind). The embedded
// data stays as it was, and the backup taken on the way is kept in DATA_DIR/backups.
const usage = 'Usage: npm run db:move -- --to postgres://user:password@host:5432/database';
const args = commandArgs(usage, { to: { type: 'string' } }).values;
const to = args.to ?? '';
if (!/^postgres(ql)?:\/\/./.test(to)) {
  console.error(usage);
  process.exit(1);
}
const masked = (url: string) => url.replace(/^(postgres(?:ql)?:\/\/[^:/@]+:)[^@]*@/, '$1***@');

class Refusal extends Error {}
try {
  const env = readEnv();
  if (env.DATABASE_URL) throw new Refusal('this shop already runs on PostgreSQL (DATABASE_URL is set); db:move copies the embedded database of DATA_DIR. Unset DATABASE_URL to run it.');
  if (runningShopUrl(env.dataDir)) throw new Refusal(`a shop is running on ${env.dataDir}. Stop it first: orders placed during the move would stay behind.`);
  if (!existsSync(join(env.dataDir, 'postgres', 'PG_VERSION'))) throw new Refusal(`there is no embedded database in ${env.dataDir}.`);

  const source = await openBackupSource(env, (msg) => console.log(msg));
  try {
    const started = Date.now();
    const result = await moveDatabase({
      source: source.database,
      uploadsDir: join(env.dataDir, 'uploads'),
      targetUrl: to,
      backupFile: join(commandBackupDir(env), backupFileName(new Date(), 'before-move')),
      log: (msg) => console.log(msg),
    });
    const money = Object.entries(result.money)
      .filter(([, sum]) => sum !== '0')
      .map(([key, sum]) => `${key} ${sum}`)
      .join(', ');
    console.log(`Moved ${result.rows} rows in ${result.tables} tables and ${result.images} image files to ${masked(to)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    console.log('Both databases agree on every row count and on the sum of every money and stock column.');
    if (money) console.log(`  money (cents): ${money}`);
    console.log(`The embedded database in ${env.dataDir} is left as it was; the backup taken on the way is ${result.backupFile}.`);
    console.log('\nStart the shop on PostgreSQL (images are served from the database there):');
    console.log(`  DATABASE_URL='${masked(to)}' npm start     (with your password in place of ***)`);
    console.log('Put DATABASE_URL in the service configuration too (docs/deploy.md). Do not start the shop on this DATA_DIR without it again, or new orders would go to the old database.');
  } finally {
    await source.close();
  }
} catch (err) {
  console.error(err instanceof Refusal ? `Refusing to move: ${err.message}\nNothing was changed.` : `Move failed: ${(err as Error).message}`);
  process.exitCode = 1;
}

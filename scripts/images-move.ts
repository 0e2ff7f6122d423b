import { join } from 'node:path';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { readEnv } from '../server/env';
import { moveImages } from '../server/storage/move-images';
import { DbImageStorage, LocalImageStorage } from '../server/storage/image-storage';

// One-shot: copies every image from the local directory (DATA_DIR/uploads) into the database, or
// back. Safe to run again (names are overwritten with the same bytes); the source is left as it
// was, so remove it yourself once the shop serves from the target. URLs do not change (/uploads/...).
//   npm run images:move -- --to db      (before switching a running shop to IMAGE_STORE=db)
//   npm run images:move -- --to disk    (back to the local directory)
const to = process.argv[process.argv.indexOf('--to') + 1];
if (process.argv.indexOf('--to') === -1 || (to !== 'db' && to !== 'disk')) {
  console.error('Usage: npm run images:move -- --to db|disk');
  process.exit(1);
}
const env = readEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
try {
  await runMigrations(database.executor);
  const disk = new LocalImageStorage(join(env.dataDir, 'uploads'));
  const db = new DbImageStorage(database.db);
  const moved = await moveImages(to === 'db' ? disk : db, to === 'db' ? db : disk);
  console.log(`Copied ${moved} image(s) to ${to === 'db' ? 'the database' : disk.dir}.`);
} finally {
  await database.close();
}

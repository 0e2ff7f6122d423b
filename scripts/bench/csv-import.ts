import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openEmbedded } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { applyProductImport, dryRunProductImport } from '../../server/services/catalogue/product-import.service';
import { IMAGE_FETCH_TIMEOUT_MS } from '../../server/services/catalogue/product-images.service';
import { LocalImageStorage } from '../../server/storage/image-storage';
import { scratchDataDir } from './scratch-dir';

// The products CSV import on 10,000 rows (target: under 10 s), through the services the
// route calls, on a fresh embedded PostgreSQL server like `npm start` uses. Two passes: a file that creates
// every row, then the same rows with new prices (every row a change). Run alone with
// `npx tsx scripts/bench/csv-import.ts`; `npm run bench` calls it at the end.

const COLORS = ['black', 'white', 'clear'];
const PACKS = [10, 20, 25, 30, 40, 50, 75, 100, 150, 200];

/** 1,000 products of 10 pack sizes each; `bump` raises every price so that each row is a change. */
export function benchProductCsv(rows: number, bump = 0): Buffer {
  const lines = ['product_name,category,type,color,width_cm,height_cm,pack_size,price_tiers,safety_stock,weight_grams,description'];
  for (let i = 0; i < rows; i++) {
    const p = Math.floor(i / PACKS.length);
    const pack = PACKS[i % PACKS.length];
    const color = COLORS[p % COLORS.length];
    const width = 10 + (p % 400);
    const height = 20 + Math.floor(p / 400);
    const price = (1 + (p % 50) + bump).toFixed(2);
    lines.push(`Bench mailer ${p},polymailers,normal,${color},${width},${height},${pack},1:${price}|100:${(Number(price) * 0.9).toFixed(2)},5,${pack * 4},"Bench product ${p}, ${color}"`);
  }
  return Buffer.from(lines.join('\n'), 'utf8');
}

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const result = await fn();
  return [result, seconds(start)];
}

export async function benchCsvImport(rows = 10_000): Promise<void> {
  const dir = scratchDataDir('packshop-csv-bench-');
  const database = await openEmbedded({ dataDir: dir });
  try {
    await runMigrations(database.executor);
    const db = database.db;
    // The bench file has no images column, so nothing is fetched or stored.
    const images = { storage: new LocalImageStorage(join(dir, 'uploads')), allowPrivate: false, timeoutMs: IMAGE_FETCH_TIMEOUT_MS };
    console.log(`\nCSV products import on the embedded database, ${rows} rows; target under 10 s each`);
    for (const [label, bytes] of [['create', benchProductCsv(rows)], ['change', benchProductCsv(rows, 1)]] as const) {
      const [dry, dryS] = await timed(() => dryRunProductImport(db, bytes, images));
      const [applied, applyS] = await timed(() => applyProductImport(db, bytes, images));
      if (!applied.applied || dry.summary[label] !== rows) throw new Error(`unexpected import result: ${JSON.stringify(dry.summary)} / ${JSON.stringify(applied.summary)}`);
      const verdict = (s: number) => (s < 10 ? 'met' : 'MISSED');
      console.log(`  ${label.padEnd(6)} rows ${rows}  dry run ${dryS.toFixed(2)} s (${verdict(dryS)})  apply ${applyS.toFixed(2)} s (${verdict(applyS)})  ${(await db.variant.count())} variants`);
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchCsvImport(Number(process.argv[2]) || undefined).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}

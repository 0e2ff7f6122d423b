// npm run db:bench-data: adds 5,000 products with 10 variants each (3 price tiers per variant) and
// a year of orders over them (100,000 by default, from 20,000 customers; seed-orders.sql.ts) to the
// database named by DATABASE_URL, or the embedded database under DATA_DIR. For benchmarks on a
// scratch database only; a second run does nothing. BENCH_PRODUCTS, BENCH_ORDERS (0: no orders)
// and BENCH_CUSTOMERS change the sizes.
//
// The rows are generated inside the database with generate_series (one INSERT ... SELECT per
// table): Prisma's createMany took about 100 s for the same rows on PGlite, this takes a few.
// The SQL has no outside input, only the constants below.
import { readEnv } from '../../server/env';
import { openDatabase } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { ordersSql } from './seed-orders.sql';

const PRODUCTS = Math.max(1, Math.min(100_000, Number(process.env.BENCH_PRODUCTS ?? 5000) | 0));
const ORDERS = Math.max(0, Math.min(1_000_000, Number(process.env.BENCH_ORDERS ?? 100_000) | 0));
const CUSTOMERS = Math.max(1, Math.min(1_000_000, Number(process.env.BENCH_CUSTOMERS ?? 20_000) | 0));

const productSql = (imageUrl: string | null) => `
WITH g AS (
  SELECT i,
         (ARRAY['white','black','clear','pink','baby blue'])[1 + i % 5] AS color,
         (ARRAY['normal','premium'])[1 + (i / 5) % 2] AS type,
         (ARRAY['Eco','Ultra','Classic','Boutique','Express','Studio','Metro','Harbour','Orchid','Lion'])[1 + (i * 7) % 10] AS word
  FROM generate_series(0, ${PRODUCTS - 1}) AS i
)
INSERT INTO "Product" ("id","name","description","category","type","color","specifications","seoKeywords","featured","unitsSold","createdAt","updatedAt")
SELECT 'bench_p_' || i,
       'Bench ' || word || ' ' || color || ' polymailer ' || i,
       'Benchmark ' || type || ' ' || color || ' polymailer number ' || i || ': waterproof LDPE with a self-seal strip.',
       'polymailers', type, color,
       jsonb_build_object('material', 'LDPE', 'thickness', CASE WHEN type = 'premium' THEN '80 microns' ELSE '60 microns' END),
       ARRAY[]::text[],
       (i * 31) % 20 = 0,
       (i * 7919) % 500,
       now() - ((i * 104729) % 365) * interval '1 day' - i * interval '1 second',
       now()
FROM g;
${
  imageUrl
    ? `INSERT INTO "ProductImage" ("id","productId","url","position")
       SELECT 'bench_i_' || i, 'bench_p_' || i, '${imageUrl.replace(/'/g, "''")}', 0 FROM generate_series(0, ${PRODUCTS - 1}) AS i;`
    : ''
}
WITH g AS (
  SELECT i,
         (ARRAY['white','black','clear','pink','baby blue'])[1 + i % 5] AS color,
         (ARRAY['normal','premium'])[1 + (i / 5) % 2] AS type
  FROM generate_series(0, ${PRODUCTS - 1}) AS i
)
INSERT INTO "Variant" ("id","productId","sku","type","color","widthCm","heightCm","sizeCode","packSize","weightGrams","basePriceCents","onHand","allocated","safetyStock","createdAt","updatedAt")
SELECT 'bench_v_' || i || '_' || s.w || 'x' || s.h || '_' || p.pack,
       'bench_p_' || i,
       upper('polymailers_' || type || '_' || color || '_' || s.w || 'x' || s.h || '_' || p.pack) || '_B' || i,
       type, color, s.w, s.h, s.w || 'x' || s.h, p.pack, p.pack * 9,
       500 + (i * 7919 + s.w * 31 + p.pack * 17) % 4000,
       CASE WHEN (i * 13 + s.w + p.pack) % 10 = 0 THEN 0 ELSE (i * 37 + s.w * 3 + p.pack) % 300 END,
       0, 0, now(), now()
FROM g
CROSS JOIN (VALUES (17,30),(20,30),(25,35),(28,42),(32,43)) AS s(w, h)
CROSS JOIN (VALUES (50),(100)) AS p(pack);
INSERT INTO "PriceTier" ("id","variantId","minQuantity","priceCents")
SELECT v."id" || '_t' || t.q, v."id", t.q, floor(v."basePriceCents" * t.f)::int
FROM "Variant" v CROSS JOIN (VALUES (1, 1.0), (25, 0.95), (100, 0.85)) AS t(q, f)
WHERE v."id" LIKE 'bench\\_v\\_%';
ANALYZE;
`;

async function main() {
  const env = readEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  await runMigrations(database.executor);
  const db = database.db;
  const exec = (sql: string) => database.executor.withConnection((c) => c.exec(`BEGIN;\n${sql}\nCOMMIT;`));
  if ((await db.product.count({ where: { id: { startsWith: 'bench_p_' } } })) > 0) {
    console.log('The benchmark catalogue is already there.');
  } else {
    const image = await db.productImage.findFirst({ select: { url: true } });
    const started = Date.now();
    await exec(productSql(image?.url ?? null));
    const [products, variants] = await Promise.all([db.product.count(), db.variant.count()]);
    console.log(`Added ${PRODUCTS} products with ${PRODUCTS * 10} variants in ${((Date.now() - started) / 1000).toFixed(1)} s (catalogue now ${products} products, ${variants} variants).`);
  }
  if (ORDERS > 0 && (await db.order.count({ where: { id: { startsWith: 'bench_o_' } } })) === 0) {
    // The orders are drawn over the bench catalogue's products as they are numbered now.
    const benchProducts = await db.product.count({ where: { id: { startsWith: 'bench_p_' } } });
    const started = Date.now();
    await exec(ordersSql(ORDERS, CUSTOMERS, benchProducts));
    // As autovacuum would soon: marks the new rows all-visible, so the reports' index-only scans apply.
    await database.executor.withConnection((c) => c.exec('VACUUM ANALYZE "Order", "OrderItem", "SoldLine"'));
    const [orders, items] = await Promise.all([db.order.count(), db.orderItem.count()]);
    console.log(`Added ${ORDERS} orders over 365 days from ${CUSTOMERS} customers in ${((Date.now() - started) / 1000).toFixed(1)} s (now ${orders} orders, ${items} order lines).`);
  } else if (ORDERS > 0) {
    console.log('The benchmark orders are already there.');
  }
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

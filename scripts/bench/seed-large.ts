// npm run db:bench-data: adds 5,000 products with 10 variants each (and 3 price tiers per variant)
// to the database named by DATABASE_URL, or the PGlite database under DATA_DIR. For benchmarks on a
// scratch database only; running it twice does nothing the second time.
import { readEnv } from '../../server/env';
import { openDatabase } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { buildSku, sizeCode } from '../../shared/domain/sku';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const BATCH = 500;
const COLORS = ['white', 'black', 'clear', 'pink', 'baby blue'];
const TYPES = ['normal', 'premium'];
const SIZES: Array<[number, number]> = [
  [17, 30],
  [20, 30],
  [25, 35],
  [28, 42],
  [32, 43],
];
const PACKS = [50, 100];
const WORDS = ['Eco', 'Ultra', 'Classic', 'Boutique', 'Express', 'Studio', 'Metro', 'Harbour', 'Orchid', 'Lion'];

// A small deterministic generator so every bench run sees the same catalogue.
let seed = 42;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};

async function main() {
  const env = readEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  await runMigrations(database.executor);
  const db = database.db;
  if ((await db.product.count({ where: { name: { startsWith: 'Bench ' } } })) >= PRODUCTS) {
    console.log('The benchmark catalogue is already there.');
    await database.close();
    return;
  }
  const image = await db.productImage.findFirst({ select: { url: true } });
  const started = Date.now();
  const now = Date.now();
  for (let start = 0; start < PRODUCTS; start += BATCH) {
    const products = [];
    const images = [];
    const variants = [];
    const tiers = [];
    for (let i = start; i < Math.min(start + BATCH, PRODUCTS); i++) {
      const id = `bench_p_${i}`;
      const color = COLORS[i % COLORS.length];
      const type = TYPES[rand(2)];
      const name = `Bench ${WORDS[i % WORDS.length]} ${color} polymailer ${i}`;
      products.push({
        id,
        name,
        description: `Benchmark ${type} ${color} polymailer number ${i}: waterproof LDPE with a self-seal strip.`,
        category: 'polymailers',
        type,
        color,
        specifications: { material: 'LDPE', thickness: type === 'premium' ? '80 microns' : '60 microns' },
        seoKeywords: [],
        featured: rand(20) === 0,
        unitsSold: rand(500),
        createdAt: new Date(now - rand(365) * 86_400_000 - i * 1000),
      });
      if (image) images.push({ id: `bench_i_${i}`, productId: id, url: image.url, position: 0 });
      let v = 0;
      for (const [w, h] of SIZES) {
        for (const packSize of PACKS) {
          const variantId = `bench_v_${i}_${v++}`;
          const base = 500 + rand(4000);
          const onHand = rand(10) === 0 ? 0 : rand(300);
          variants.push({
            id: variantId,
            productId: id,
            sku: `${buildSku({ category: 'polymailers', type, color, widthCm: w, heightCm: h, packSize })}_B${i}`,
            type,
            color,
            widthCm: w,
            heightCm: h,
            sizeCode: sizeCode(w, h),
            packSize,
            weightGrams: packSize * 9,
            basePriceCents: base,
            onHand,
            allocated: 0,
            safetyStock: 0,
          });
          tiers.push(
            { id: `${variantId}_t1`, variantId, minQuantity: 1, priceCents: base },
            { id: `${variantId}_t2`, variantId, minQuantity: 25, priceCents: Math.floor(base * 0.95) },
            { id: `${variantId}_t3`, variantId, minQuantity: 100, priceCents: Math.floor(base * 0.85) },
          );
        }
      }
    }
    await db.product.createMany({ data: products });
    await db.productImage.createMany({ data: images });
    await db.variant.createMany({ data: variants });
    await db.priceTier.createMany({ data: tiers });
  }
  console.log(`Added ${PRODUCTS} products with ${PRODUCTS * 10} variants in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import type { Prisma, PrismaClient } from '@prisma/client';
import { priceRangeOf } from '../../../shared/domain/pricing';
import { availableStock } from '../../../shared/domain/stock';
import type { listProductsInput, ListProductsOutput, ProductListItem } from '../../../shared/schemas/catalog.schema';
import { searchProductIds } from '../search/search.service';
import { cachedAnswer, type CachedAnswer } from './catalog-cache';
import type { z } from 'zod';
import { productBasics, productBasicsSelect, stockColumnsSelect } from './product.select';

// GET /products: the plain listing integrators and the back-office grid call. Newest first,
// paginated (limit 100 by default, 500 at most), or with ?search= what the one search finds, best
// match first. Answered from the catalogue cache like the storefront's filter (issue 37): every
// catalogue change drops it in every instance, so staff still see what is in the database.

const listSelect = {
  ...productBasicsSelect,
  images: { select: { url: true }, orderBy: { position: 'asc' } },
  variants: { select: { basePriceCents: true, ...stockColumnsSelect } },
} satisfies Prisma.ProductSelect;

type ListInput = z.output<typeof listProductsInput>;

export function listProductsCached(db: PrismaClient, input: ListInput): Promise<CachedAnswer<ListProductsOutput>> {
  const key = JSON.stringify([input?.search ? input.search.toLowerCase().replace(/\s+/g, ' ') : '', input?.page ?? 1, input?.limit ?? 100]);
  return cachedAnswer(db, `list:${key}`, () => loadProducts(db, input));
}

export async function listProducts(db: PrismaClient, input: ListInput): Promise<ListProductsOutput> {
  return (await listProductsCached(db, input)).value;
}

/** What a search finds is ranked there and capped; the grid pages through it in that order. */
const SEARCH_CAP = 5_000;

async function loadProducts(db: PrismaClient, input: ListInput): Promise<ListProductsOutput> {
  const page = input?.page ?? 1;
  const limit = input?.limit ?? 100;
  const found = await searchProductIds(db, input?.search, SEARCH_CAP);
  let total: number;
  let rows: Prisma.ProductGetPayload<{ select: typeof listSelect }>[];
  if (found) {
    const ids = found.slice((page - 1) * limit, page * limit);
    const byId = new Map((await db.product.findMany({ where: { id: { in: ids } }, select: listSelect })).map((p) => [p.id, p]));
    total = found.length;
    rows = ids.map((id) => byId.get(id)).filter((p) => p !== undefined);
  } else {
    [total, rows] = await Promise.all([
      db.product.count(),
      db.product.findMany({ select: listSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * limit, take: limit }),
    ]);
  }
  const products: ProductListItem[] = rows.map((p) => {
    const prices = p.variants.map((v) => v.basePriceCents);
    return {
      ...productBasics(p),
      images: p.images.map((i) => i.url),
      featured: p.featured,
      price_range: priceRangeOf(prices),
      in_stock: p.variants.some((v) => availableStock(v) > 0),
      variant_count: p.variants.length,
      created_at: p.createdAt.toISOString(),
    };
  });
  return { products, total, pages: Math.ceil(total / limit), page, limit };
}

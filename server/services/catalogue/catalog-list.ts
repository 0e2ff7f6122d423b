import type { Prisma, PrismaClient } from '@prisma/client';
import { priceRangeOf } from '../../../shared/domain/pricing';
import { availableStock } from '../../../shared/domain/stock';
import type { listProductsInput, ProductListItem } from '../../../shared/schemas/catalog.schema';
import type { z } from 'zod';
import { productBasics, productBasicsSelect, stockColumnsSelect } from './product.select';

// GET /products: the back-office grid. Newest first, paginated (limit 100 by default, 500 at most)
// with an optional search over name, category and SKU. Not cached: staff want what is in the
// database right now, and the grid is not a hot path.

const listSelect = {
  ...productBasicsSelect,
  images: { select: { url: true }, orderBy: { position: 'asc' } },
  variants: { select: { basePriceCents: true, ...stockColumnsSelect } },
} satisfies Prisma.ProductSelect;

export async function listProducts(db: PrismaClient, input: z.output<typeof listProductsInput>) {
  const page = input?.page ?? 1;
  const limit = input?.limit ?? 100;
  const search = input?.search;
  const where: Prisma.ProductWhereInput = search
    ? {
        OR: [
          { name: { contains: search, mode: 'insensitive' } },
          { category: { contains: search, mode: 'insensitive' } },
          { variants: { some: { sku: { contains: search, mode: 'insensitive' } } } },
        ],
      }
    : {};
  const [total, rows] = await Promise.all([
    db.product.count({ where }),
    db.product.findMany({ where, select: listSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * limit, take: limit }),
  ]);
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

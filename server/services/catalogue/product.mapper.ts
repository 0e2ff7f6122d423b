import type { Prisma } from '@prisma/client';
import { priceRangeOf } from '../../../shared/domain/pricing';
import { productWithVariantsSelect, rulesDto } from './product.select';
import { toDollars } from '../../../shared/domain/money';
import { availableStock } from '../../../shared/domain/stock';
import type { AdminProduct } from '../../../shared/schemas/products.schema';

// The product form reads the same shape as the storefront's detail page.
export const adminProductSelect = productWithVariantsSelect;

type Row = Prisma.ProductGetPayload<{ select: typeof adminProductSelect }>;

export function toAdminProduct(p: Row): AdminProduct {
  const variants = p.variants.map((v) => ({
    variant_id: v.id,
    sku: v.sku,
    attributes: { type: v.type, color: v.color, width_cm: v.widthCm, height_cm: v.heightCm, size_code: v.sizeCode, pack_size: v.packSize },
    price_tiers: v.priceTiers.map((t) => ({ min_quantity: t.minQuantity, price: toDollars(t.priceCents) })),
    on_hand: v.onHand,
    allocated: v.allocated,
    safety_stock: v.safetyStock,
    available: availableStock(v),
    weight_grams: v.weightGrams,
    ...rulesDto(v),
  }));
  const prices = p.variants.map((v) => v.basePriceCents);
  const specs = (p.specifications && typeof p.specifications === 'object' && !Array.isArray(p.specifications) ? p.specifications : {}) as Record<string, unknown>;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    category: p.category,
    color: p.color,
    type: p.type,
    specifications: Object.fromEntries(Object.entries(specs).map(([k, v]) => [k, String(v)])),
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    seo_keywords: p.seoKeywords,
    images: p.images.map((i) => i.url),
    featured: p.featured,
    in_stock: variants.some((v) => v.available > 0),
    price_range: priceRangeOf(prices),
    variants,
  };
}

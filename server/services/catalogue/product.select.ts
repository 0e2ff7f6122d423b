import type { Prisma } from '@prisma/client';

/** What every list and page of products starts from: the product's own describing columns. */
export const productBasicsSelect = {
  id: true,
  name: true,
  description: true,
  category: true,
  type: true,
  color: true,
  featured: true,
  createdAt: true,
} as const satisfies Prisma.ProductSelect;

/** The three stock columns "available" is computed from (shared/domain/stock.ts). */
export const stockColumnsSelect = { onHand: true, allocated: true, safetyStock: true } as const satisfies Prisma.VariantSelect;

/** A variant's order quantity rules (shared/domain/quantity-rules.ts rulesOf reads them). */
export const quantityRulesSelect = { orderMinimum: true, orderMultiple: true, orderMaximum: true } as const satisfies Prisma.VariantSelect;

/** The rules as every answer names them (`order_minimum`, ...). */
export const rulesDto = (v: { orderMinimum: number | null; orderMultiple: number | null; orderMaximum: number | null }) => ({
  order_minimum: v.orderMinimum,
  order_multiple: v.orderMultiple,
  order_maximum: v.orderMaximum,
});

/** A variant's price tiers, lowest minimum first, as the pricing rule reads them. */
export const priceTiersSelect = { select: { minQuantity: true, priceCents: true }, orderBy: { minQuantity: 'asc' } } as const satisfies Prisma.Variant$priceTiersArgs;

/** The product as the helper turns it into an answer: the describing fields every product answer carries. */
export const productBasics = (p: { id: string; name: string; description: string; category: string; type: string; color: string }) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  category: p.category,
  type: p.type,
  color: p.color,
});

/**
 * A product with its images, variants and price tiers: what the storefront detail page and the
 * back-office product form both read. Tiers come lowest minimum first.
 */
export const productWithVariantsSelect = {
  ...productBasicsSelect,
  specifications: true,
  seoTitle: true,
  seoDescription: true,
  seoKeywords: true,
  updatedAt: true,
  images: { select: { url: true }, orderBy: { position: 'asc' } },
  variants: {
    orderBy: [{ widthCm: 'asc' }, { heightCm: 'asc' }, { packSize: 'asc' }],
    select: {
      id: true,
      sku: true,
      type: true,
      color: true,
      widthCm: true,
      heightCm: true,
      sizeCode: true,
      packSize: true,
      weightGrams: true,
      basePriceCents: true,
      ...stockColumnsSelect,
      ...quantityRulesSelect,
      priceTiers: priceTiersSelect,
    },
  },
} satisfies Prisma.ProductSelect;

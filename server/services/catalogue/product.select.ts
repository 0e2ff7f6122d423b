import type { Prisma } from '@prisma/client';

/**
 * A product with its images, variants and price tiers: what the storefront detail page and the
 * back-office product form both read. Tiers come lowest minimum first.
 */
export const productWithVariantsSelect = {
  id: true,
  name: true,
  description: true,
  category: true,
  type: true,
  color: true,
  specifications: true,
  seoTitle: true,
  seoDescription: true,
  seoKeywords: true,
  featured: true,
  createdAt: true,
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
      onHand: true,
      allocated: true,
      safetyStock: true,
      priceTiers: { select: { minQuantity: true, priceCents: true }, orderBy: { minQuantity: 'asc' } },
    },
  },
} satisfies Prisma.ProductSelect;

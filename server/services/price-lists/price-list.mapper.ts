import type { Prisma } from '@prisma/client';
import { toDollars } from '../../../shared/domain/money';
import { tiersInDollars, type Tier } from '../../../shared/domain/price-list';
import type { PriceListDetailDto, PriceListDto } from '../../../shared/schemas/price-lists.schema';

export const priceListSelect = {
  id: true,
  name: true,
  percentOffBp: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { items: true, companies: true } },
} as const satisfies Prisma.PriceListSelect;
type PriceListRow = Prisma.PriceListGetPayload<{ select: typeof priceListSelect }>;

export const priceListItemSelect = {
  variantId: true,
  tiers: true,
  variant: {
    select: {
      sku: true,
      product: { select: { name: true } },
      priceTiers: { select: { minQuantity: true, priceCents: true }, orderBy: { minQuantity: 'asc' } },
    },
  },
} as const satisfies Prisma.PriceListItemSelect;
type PriceListItemRow = Prisma.PriceListItemGetPayload<{ select: typeof priceListItemSelect }>;

/** Stored tiers (JSON, cents) as the rule reads them; a row that no longer reads is no listed price. */
export function storedTiers(value: Prisma.JsonValue): Tier[] {
  if (!Array.isArray(value)) return [];
  const tiers: Tier[] = [];
  for (const t of value) {
    if (t && typeof t === 'object' && !Array.isArray(t) && Number.isInteger(t.min_quantity) && Number.isInteger(t.price)) {
      tiers.push({ min_quantity: t.min_quantity as number, price: t.price as number });
    }
  }
  return tiers.sort((a, b) => a.min_quantity - b.min_quantity);
}


export function toPriceListDto(p: PriceListRow): PriceListDto {
  return {
    id: p.id,
    name: p.name,
    percent_off: p.percentOffBp / 100,
    item_count: p._count.items,
    company_count: p._count.companies,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export const toPriceListItemDto = (i: PriceListItemRow): PriceListDetailDto['items'][number] => ({
  variant_id: i.variantId,
  sku: i.variant.sku,
  product_name: i.variant.product.name,
  list_tiers: i.variant.priceTiers.map((t) => ({ min_quantity: t.minQuantity, price: toDollars(t.priceCents) })),
  tiers: tiersInDollars(storedTiers(i.tiers)),
});

// The live shop data the rule-based agents answer from. One small port, so that a model-backed
// engine could call the same functions as tools.
import type { Prisma, PrismaClient } from '@prisma/client';
import { availableStock } from '../../../../shared/domain/stock';
import { priceTiersSelect, stockColumnsSelect } from '../../catalogue/product.select';
import { searchProductIds } from '../../search/search.service';
import { contractTiers } from '../../../../shared/domain/price-list';
import { changesNothing, resolvePriceList } from '../../price-lists/resolve-price-list';

export interface MailerSizeInStock {
  sizeCode: string;
  widthCm: number;
  heightCm: number;
}

const quoteVariantSelect = {
  id: true,
  sizeCode: true,
  packSize: true,
  ...stockColumnsSelect,
  priceTiers: priceTiersSelect,
} satisfies Prisma.VariantSelect;

const quoteProductSelect = {
  id: true,
  name: true,
  category: true,
  type: true,
  color: true,
  featured: true,
  variants: { select: quoteVariantSelect, orderBy: [{ widthCm: 'asc' }, { heightCm: 'asc' }, { packSize: 'asc' }] },
} satisfies Prisma.ProductSelect;

export type QuoteProduct = Prisma.ProductGetPayload<{ select: typeof quoteProductSelect }>;
export type QuoteVariant = QuoteProduct['variants'][number];

export interface ProductQuery {
  colors?: string[];
  type?: string;
  category?: string;
  nameContains?: string;
  sizeCode?: string;
  productId?: string;
}

export const variantAvailable = (v: Pick<QuoteVariant, 'onHand' | 'allocated' | 'safetyStock'>): number => availableStock(v);

/** Each variant's tiers as the caller pays them: the list's, or their company's (decision 0193). */
async function contractProducts(db: PrismaClient, rows: QuoteProduct[], priceListId: string | null): Promise<QuoteProduct[]> {
  const list = await resolvePriceList(db, priceListId, rows.flatMap((p) => p.variants.map((v) => v.id)));
  if (changesNothing(list)) return rows;
  return rows.map((p) => ({
    ...p,
    variants: p.variants.map((v) => ({
      ...v,
      priceTiers: contractTiers(v.id, v.priceTiers.map((t) => ({ min_quantity: t.minQuantity, price: t.priceCents })), list)
        .sort((a, b) => a.min_quantity - b.min_quantity)
        .map((t) => ({ minQuantity: t.min_quantity, priceCents: t.price })),
    })),
  }));
}

export function createShopData(db: PrismaClient, priceListId: string | null = null) {
  return {
    /** Distinct polymailer sizes with at least one pack available to sell. */
    async mailerSizesInStock(): Promise<MailerSizeInStock[]> {
      const rows = await db.variant.findMany({
        where: { onHand: { gt: 0 }, product: { category: 'polymailers' } },
        select: { sizeCode: true, widthCm: true, heightCm: true, onHand: true, allocated: true, safetyStock: true },
      });
      const sizes = new Map<string, MailerSizeInStock>();
      for (const r of rows) {
        if (availableStock(r) > 0) sizes.set(r.sizeCode, { sizeCode: r.sizeCode, widthCm: r.widthCm, heightCm: r.heightCm });
      }
      return [...sizes.values()];
    },

    /** Polymailer products with the size in stock, featured and best sellers first. */
    async mailersWithSize(sizeCode: string, limit = 3): Promise<{ id: string; name: string }[]> {
      const products = await db.product.findMany({
        where: { category: 'polymailers', variants: { some: { sizeCode, onHand: { gt: 0 } } } },
        select: { id: true, name: true, variants: { where: { sizeCode }, select: { onHand: true, allocated: true, safetyStock: true } } },
        orderBy: [{ featured: 'desc' }, { unitsSold: 'desc' }, { name: 'asc' }],
        take: limit * 3,
      });
      return products.filter((p) => p.variants.some((v) => availableStock(v) > 0)).slice(0, limit).map(({ id, name }) => ({ id, name }));
    },

    async findProducts(q: ProductQuery, limit = 3): Promise<QuoteProduct[]> {
      // A named kind ("tape", "bubble wrap roll") is looked up with the shop's one search, best match first.
      const found = q.nameContains ? await searchProductIds(db, q.nameContains, 50) : null;
      const where: Prisma.ProductWhereInput = {
        ...(q.productId ? { id: q.productId } : {}),
        ...(found ? { AND: [{ id: { in: found } }] } : {}),
        ...(q.colors?.length ? { color: { in: q.colors } } : {}),
        ...(q.type ? { type: q.type } : {}),
        ...(q.category ? { category: q.category } : {}),
        ...(q.sizeCode ? { variants: { some: { sizeCode: q.sizeCode } } } : {}),
      };
      const rows = await db.product.findMany({ where, select: quoteProductSelect, orderBy: [{ featured: 'desc' }, { unitsSold: 'desc' }, { name: 'asc' }], take: found ? undefined : limit });
      if (!found) return contractProducts(db, rows, priceListId);
      const rank = new Map(found.map((id, i) => [id, i]));
      return contractProducts(db, rows.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!).slice(0, limit), priceListId);
    },

    async colors(): Promise<string[]> {
      const rows = await db.product.findMany({ distinct: ['color'], select: { color: true }, orderBy: { color: 'asc' } });
      return rows.map((r) => r.color);
    },

    async activeCoupons(now = new Date()) {
      return db.coupon.findMany({
        where: { isActive: true, validFrom: { lte: now }, validTo: { gte: now } },
        select: { code: true, type: true, value: true, minOrderCents: true, validTo: true },
        orderBy: { minOrderCents: 'asc' },
        take: 5,
      });
    },

    async giftTiers() {
      return db.giftTier.findMany({
        where: { isActive: true },
        select: {
          name: true,
          spendingThresholdCents: true,
          giftLimit: true,
          items: { where: { giftItem: { isActive: true } }, select: { giftItem: { select: { name: true, stockQuantity: true, allocated: true } } } },
        },
        orderBy: { spendingThresholdCents: 'asc' },
      });
    },

    async orderByNumber(orderNumber: string) {
      return db.order.findUnique({
        where: { orderNumber },
        select: {
          id: true,
          orderNumber: true,
          userId: true,
          status: true,
          createdAt: true,
          totalCents: true,
          trackingNumber: true,
          shippedAt: true,
          deliveredAt: true,
          _count: { select: { items: true } },
        },
      });
    },

    async recentOrders(userId: string, take = 3) {
      return db.order.findMany({
        where: { userId },
        select: { id: true, orderNumber: true, status: true, createdAt: true, totalCents: true, trackingNumber: true },
        orderBy: { createdAt: 'desc' },
        take,
      });
    },
  };
}

export type ShopData = ReturnType<typeof createShopData>;

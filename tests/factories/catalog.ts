import type { PrismaClient } from '@prisma/client';
import { buildSku, sizeCode } from '../../shared/domain/sku';
import { catalogChanged } from '../../server/lib/catalog-events';
import { newId } from '../../server/db/ids';

interface VariantSpec {
  color?: string;
  width?: number;
  height?: number;
  packSize?: number;
  /** [minQuantity, priceCents] pairs; the lowest minimum's price becomes basePriceCents. */
  tiers?: Array<[number, number]>;
  onHand?: number;
  allocated?: number;
  safetyStock?: number;
}

export interface ProductSpec {
  name?: string;
  description?: string;
  category?: string;
  type?: string;
  color?: string;
  featured?: boolean;
  unitsSold?: number;
  createdAt?: Date;
  images?: string[];
  specifications?: Record<string, string>;
  variants?: VariantSpec[];
}

let counter = 0;

/** A product with variants and tiers, written straight to the database (then caches are dropped). */
export async function createProduct(db: PrismaClient, spec: ProductSpec = {}) {
  const n = ++counter;
  const category = spec.category ?? 'polymailers';
  const type = spec.type ?? 'normal';
  const color = spec.color ?? 'white';
  const product = await db.product.create({
    data: {
      id: newId(),
      name: spec.name ?? `Test Mailer ${n}`,
      description: spec.description ?? `A test product number ${n}`,
      category,
      type,
      color,
      featured: spec.featured ?? false,
      unitsSold: spec.unitsSold ?? 0,
      createdAt: spec.createdAt,
      specifications: spec.specifications ?? { material: 'LDPE', thickness: '60 microns' },
      images: { create: (spec.images ?? []).map((url, position) => ({ id: newId(), url, position })) },
    },
    select: { id: true },
  });
  for (const v of spec.variants ?? [{}]) {
    const w = v.width ?? 25;
    const h = v.height ?? 35;
    const packSize = v.packSize ?? 50;
    const vColor = v.color ?? color;
    const tiers = v.tiers ?? [[1, 1000]];
    const base = [...tiers].sort((a, b) => a[0] - b[0])[0][1];
    await db.variant.create({
      data: {
        id: newId(),
        productId: product.id,
        sku: `${buildSku({ category, type, color: vColor, widthCm: w, heightCm: h, packSize })}_T${n}_${Math.random().toString(36).slice(2, 7)}`,
        type,
        color: vColor,
        widthCm: w,
        heightCm: h,
        sizeCode: sizeCode(w, h),
        packSize,
        basePriceCents: base,
        onHand: v.onHand ?? 100,
        allocated: v.allocated ?? 0,
        safetyStock: v.safetyStock ?? 0,
        priceTiers: { create: tiers.map(([minQuantity, priceCents]) => ({ id: newId(), minQuantity, priceCents })) },
      },
    });
  }
  catalogChanged('test factory');
  return product.id;
}

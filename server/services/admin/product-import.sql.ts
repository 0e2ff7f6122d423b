// The bulk writes of a product import. Variants and tiers go in as arrays through unnest: one
// statement of a dozen parameters, where Prisma's createMany sends one parameter per cell (10,000
// variants took about 18 s on PGlite). None of these returns rows.
import type { Prisma } from '@prisma/client';

type Tx = Prisma.TransactionClient;

export interface NewVariant {
  id: string;
  productId: string;
  sku: string;
  type: string;
  color: string;
  widthCm: number;
  heightCm: number;
  sizeCode: string;
  packSize: number;
  /** Absent: the column's default. */
  weightGrams?: number;
  basePriceCents: number;
  safetyStock: number;
}

/** Inserts the variants, all stamped with `now` (an ISO instant). */
export async function insertVariants(tx: Tx, data: NewVariant[], now: string): Promise<void> {
  const col = <K extends keyof NewVariant>(k: K) => data.map((d) => d[k]);
  await tx.$executeRaw`
    INSERT INTO "Variant" ("id", "productId", "sku", "type", "color", "widthCm", "heightCm", "sizeCode", "packSize", "weightGrams", "basePriceCents", "safetyStock", "updatedAt")
    SELECT u.*, ${now}::timestamp(3) FROM unnest(
      ${col('id')}::text[], ${col('productId')}::text[], ${col('sku')}::text[], ${col('type')}::text[], ${col('color')}::text[],
      ${col('widthCm')}::float8[], ${col('heightCm')}::float8[], ${col('sizeCode')}::text[], ${col('packSize')}::int[],
      ${data.map((d) => d.weightGrams ?? 0)}::int[], ${col('basePriceCents')}::int[], ${col('safetyStock')}::int[]) AS u`;
}

export interface VariantPriceChange {
  id: string;
  basePriceCents: number;
  safetyStock: number;
  /** Absent: the weight stays as it is. */
  weightGrams?: number;
}

/**
 * Sets price, safety stock and (when given) weight of existing variants, drops their price tiers
 * (the caller inserts the new ones) and answers how many variants it updated.
 */
export async function updateVariantPrices(tx: Tx, changes: VariantPriceChange[], now: string): Promise<number> {
  const ids = changes.map((c) => c.id);
  const updated = await tx.$executeRaw`
    UPDATE "Variant" AS v
    SET "basePriceCents" = u.base, "safetyStock" = u.safety,
        "weightGrams" = CASE WHEN u.weight < 0 THEN v."weightGrams" ELSE u.weight END, "updatedAt" = ${now}::timestamp(3)
    FROM unnest(${ids}::text[], ${changes.map((c) => c.basePriceCents)}::int[],
                ${changes.map((c) => c.safetyStock)}::int[], ${changes.map((c) => c.weightGrams ?? -1)}::int[]) AS u(id, base, safety, weight)
    WHERE v."id" = u.id`;
  await tx.$executeRaw`DELETE FROM "PriceTier" WHERE "variantId" = ANY(${ids}::text[])`;
  return updated;
}

/** Inserts price tiers, each with a new id. */
export async function insertPriceTiers(tx: Tx, tiers: { id: string; variantId: string; minQuantity: number; priceCents: number }[]): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "PriceTier" ("id", "variantId", "minQuantity", "priceCents")
    SELECT * FROM unnest(${tiers.map((t) => t.id)}::text[], ${tiers.map((t) => t.variantId)}::text[],
                         ${tiers.map((t) => t.minQuantity)}::int[], ${tiers.map((t) => t.priceCents)}::int[])`;
}

// The bulk reads and writes of a product import. Lists go as arrays, one parameter each, through
// unnest or `= ANY`: Prisma sends one parameter per value of an `in` list and per cell of a
// createMany (10,000 variants took about 18 s on PGlite), and PostgreSQL takes at most 65,535
// parameters in a statement, fewer than the values a 50,000-row file brings. Rows read are checked by zod.
import type { Prisma, PrismaClient } from '@prisma/client';
import { z } from 'zod';
import { int, json } from '../../db/sql-rows';

type Tx = Prisma.TransactionClient;
type Db = PrismaClient | Tx;

const existingVariant = z.object({
  id: z.string(),
  productId: z.string(),
  sku: z.string(),
  safetyStock: int,
  weightGrams: int,
  orderMinimum: int.nullable(),
  orderMultiple: int.nullable(),
  orderMaximum: int.nullable(),
  priceTiers: json(z.array(z.object({ minQuantity: int, priceCents: int }))),
});
export type ExistingVariant = z.infer<typeof existingVariant>;

/** The variants with these SKUs, with what an import row can change: tiers, safety stock, weight. */
export async function variantsBySku(db: Db, skus: string[]): Promise<ExistingVariant[]> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT v."id", v."productId", v."sku", v."safetyStock", v."weightGrams", v."orderMinimum", v."orderMultiple", v."orderMaximum",
           COALESCE((SELECT json_agg(json_build_object('minQuantity', t."minQuantity", 'priceCents', t."priceCents"))
                     FROM "PriceTier" t WHERE t."variantId" = v."id"), '[]'::json) AS "priceTiers"
    FROM "Variant" v WHERE v."sku" = ANY(${skus}::text[])`;
  return rows.map((r) => existingVariant.parse(r));
}

/** The image URLs of these products, each product's in order. */
export async function productImageUrls(db: Db, productIds: string[]): Promise<{ productId: string; url: string }[]> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT "productId", "url" FROM "ProductImage" WHERE "productId" = ANY(${productIds}::text[]) ORDER BY "productId", "position"`;
  return rows.map((r) => imageRow.parse(r));
}
const imageRow = z.object({ productId: z.string(), url: z.string() });

const productKeyRow = z.object({ id: z.string(), name: z.string(), category: z.string(), type: z.string(), color: z.string() });

/** The products with these names, oldest first (a new variant joins the oldest of the same key). */
export async function productsNamed(tx: Tx, names: string[]): Promise<z.infer<typeof productKeyRow>[]> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT "id", "name", "category", "type", "color" FROM "Product" WHERE "name" = ANY(${names}::text[]) ORDER BY "createdAt"`;
  return rows.map((r) => productKeyRow.parse(r));
}

/** Deletes the images of these products (the caller inserts their new lists). */
export async function deleteProductImages(tx: Tx, productIds: string[]): Promise<void> {
  await tx.$executeRaw`DELETE FROM "ProductImage" WHERE "productId" = ANY(${productIds}::text[])`;
}

/** Stamps these products' updatedAt with `now` (an ISO instant): they move in the integrators' list. */
export async function touchProducts(tx: Tx, productIds: string[], now: string): Promise<void> {
  await tx.$executeRaw`UPDATE "Product" SET "updatedAt" = ${now}::timestamp(3) WHERE "id" = ANY(${productIds}::text[])`;
}

export interface NewProduct {
  id: string;
  name: string;
  description: string;
  category: string;
  type: string;
  color: string;
}

/**
 * Inserts the products, all stamped with `now` (an ISO instant). Prisma's createManyAndReturn took
 * about 65 s for 40,000 products; this about 1 s.
 */
export async function insertProducts(tx: Tx, data: NewProduct[], now: string): Promise<void> {
  const col = <K extends keyof NewProduct>(k: K) => data.map((d) => d[k]);
  await tx.$executeRaw`
    INSERT INTO "Product" ("id", "name", "description", "category", "type", "color", "createdAt", "updatedAt")
    SELECT u.*, ${now}::timestamp(3), ${now}::timestamp(3) FROM unnest(
      ${col('id')}::text[], ${col('name')}::text[], ${col('description')}::text[], ${col('category')}::text[], ${col('type')}::text[], ${col('color')}::text[]) AS u`;
}

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
  /** Absent: no rules. */
  orderMinimum?: number | null;
  orderMultiple?: number | null;
  orderMaximum?: number | null;
}

/** Inserts the variants, all stamped with `now` (an ISO instant). */
export async function insertVariants(tx: Tx, data: NewVariant[], now: string): Promise<void> {
  const col = <K extends keyof NewVariant>(k: K) => data.map((d) => d[k]);
  await tx.$executeRaw`
    INSERT INTO "Variant" ("id", "productId", "sku", "type", "color", "widthCm", "heightCm", "sizeCode", "packSize", "weightGrams", "basePriceCents", "safetyStock",
                           "orderMinimum", "orderMultiple", "orderMaximum", "updatedAt")
    SELECT u.*, ${now}::timestamp(3) FROM unnest(
      ${col('id')}::text[], ${col('productId')}::text[], ${col('sku')}::text[], ${col('type')}::text[], ${col('color')}::text[],
      ${col('widthCm')}::float8[], ${col('heightCm')}::float8[], ${col('sizeCode')}::text[], ${col('packSize')}::int[],
      ${data.map((d) => d.weightGrams ?? 0)}::int[], ${col('basePriceCents')}::int[], ${col('safetyStock')}::int[],
      ${data.map((d) => d.orderMinimum ?? null)}::int[], ${data.map((d) => d.orderMultiple ?? null)}::int[], ${data.map((d) => d.orderMaximum ?? null)}::int[]) AS u`;
}

export interface VariantPriceChange {
  id: string;
  basePriceCents: number;
  safetyStock: number;
  /** Absent: the weight stays as it is. */
  weightGrams?: number;
  /** All three absent: the order quantity rules stay as they are (a file without their columns). */
  orderMinimum?: number | null;
  orderMultiple?: number | null;
  orderMaximum?: number | null;
}

/**
 * Sets price, safety stock and (when given) weight and order quantity rules of existing variants, drops their price tiers
 * (the caller inserts the new ones) and answers how many variants it updated.
 */
export async function updateVariantPrices(tx: Tx, changes: VariantPriceChange[], now: string): Promise<number> {
  const ids = changes.map((c) => c.id);
  const updated = await tx.$executeRaw`
    UPDATE "Variant" AS v
    SET "basePriceCents" = u.base, "safetyStock" = u.safety,
        "weightGrams" = CASE WHEN u.weight < 0 THEN v."weightGrams" ELSE u.weight END,
        "orderMinimum" = CASE WHEN u.rules THEN u.omin ELSE v."orderMinimum" END,
        "orderMultiple" = CASE WHEN u.rules THEN u.omul ELSE v."orderMultiple" END,
        "orderMaximum" = CASE WHEN u.rules THEN u.omax ELSE v."orderMaximum" END, "updatedAt" = ${now}::timestamp(3)
    FROM unnest(${ids}::text[], ${changes.map((c) => c.basePriceCents)}::int[],
                ${changes.map((c) => c.safetyStock)}::int[], ${changes.map((c) => c.weightGrams ?? -1)}::int[],
                ${changes.map((c) => c.orderMinimum !== undefined || c.orderMultiple !== undefined || c.orderMaximum !== undefined)}::boolean[],
                ${changes.map((c) => c.orderMinimum ?? null)}::int[], ${changes.map((c) => c.orderMultiple ?? null)}::int[],
                ${changes.map((c) => c.orderMaximum ?? null)}::int[]) AS u(id, base, safety, weight, rules, omin, omul, omax)
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

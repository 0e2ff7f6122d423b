// The product image audit's statements: a regular-expression match Prisma has no filter for, and a
// once-per-database claim. Rows are checked by zod.
import type { PrismaClient } from '@prisma/client';
import { z } from 'zod';
import { STORED_IMAGE_PATTERN } from '../../../shared/domain/product-images';
import { int } from '../../db/sql-rows';

const unstoredImage = z.object({ product_id: z.string(), product_name: z.string(), url: z.string() });
export type UnstoredImage = z.infer<typeof unstoredImage>;

/** Up to `limit` product images whose value is not a path the image store produced, by product name. */
export async function listUnstoredProductImages(db: PrismaClient, limit: number): Promise<UnstoredImage[]> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT p."id" AS product_id, p."name" AS product_name, i."url" AS url
    FROM "ProductImage" i JOIN "Product" p ON p."id" = i."productId"
    WHERE i."url" !~ ${STORED_IMAGE_PATTERN}
    ORDER BY p."name", p."id", i."position"
    LIMIT ${limit}`;
  return rows.map((r) => unstoredImage.parse(r));
}

const countRow = z.object({ n: int });

/** How many product images are not paths the image store produced. */
export async function countUnstoredProductImages(db: PrismaClient): Promise<number> {
  const rows = await db.$queryRaw<unknown[]>`SELECT COUNT(*) AS n FROM "ProductImage" WHERE "url" !~ ${STORED_IMAGE_PATTERN}`;
  return countRow.parse(rows[0]).n;
}

/** Writes the marker setting unless it exists; true for the one caller that wrote it. */
export async function claimSettingMarker(db: PrismaClient, key: string): Promise<boolean> {
  const claimed = await db.$executeRaw`
    INSERT INTO "Setting" ("key", "value", "updatedAt") VALUES (${key}, '{}'::jsonb, now()) ON CONFLICT ("key") DO NOTHING`;
  return claimed > 0;
}

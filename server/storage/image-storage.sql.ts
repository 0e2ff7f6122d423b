// The image store's write as SQL with base64 text: the PGlite driver adapter refuses Prisma's Bytes
// parameters. Reads go through Prisma.
import type { PrismaClient } from '@prisma/client';

/** Inserts or replaces the stored image of this name. */
export async function upsertStoredImage(db: PrismaClient, image: { name: string; contentType: string; etag: string; bytes: Buffer }): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "StoredImage" ("name", "contentType", "bytes", "etag", "size")
    VALUES (${image.name}, ${image.contentType}, decode(${image.bytes.toString('base64')}, 'base64'), ${image.etag}, ${image.bytes.length})
    ON CONFLICT ("name") DO UPDATE SET "contentType" = EXCLUDED."contentType", "bytes" = EXCLUDED."bytes",
      "etag" = EXCLUDED."etag", "size" = EXCLUDED."size"`;
}

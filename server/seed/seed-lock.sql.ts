import type { Prisma } from '@prisma/client';

// Makes two instances starting on one empty database seed once. Distinct from the migration
// runner's lock (727274001) and the search dictionary's writer (727274002, migration 0023): the
// seed used 727274002 too until it was moved here, harmless (one transaction may take its own
// lock twice) but it made catalogue writes of other instances wait for a seeding one.
const SEED_LOCK_KEY = 727_274_003;

/** Holds the seeding lock until the transaction ends. */
export async function lockSeeding(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`;
}

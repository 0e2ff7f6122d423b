import type { Prisma } from '@prisma/client';

// One synonym write at a time, so two owners adding the 500th group together cannot make 501: the
// count and the insert happen under this transaction-scoped lock (released at COMMIT or ROLLBACK).
// The key is arbitrary but fixed: hashtext('search_synonyms') would do too, at a cost on each call.
const SYNONYM_LOCK_KEY = 7_301_730_173;

export async function lockSynonyms(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SYNONYM_LOCK_KEY}::bigint)`;
}

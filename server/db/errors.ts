import { Prisma } from '@prisma/client';

/**
 * True when a write failed on a unique constraint. The pg adapter reports Prisma's P2002; the
 * PGlite adapter (0.6) passes PostgreSQL's own error (code 23505) through instead.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (err instanceof Prisma.PrismaClientKnownRequestError) return err.code === 'P2002';
  const e = err as { cause?: { code?: string; originalCode?: string; kind?: string }; code?: string };
  const cause = e?.cause;
  return cause?.code === '23505' || cause?.originalCode === '23505' || cause?.kind === 'UniqueConstraintViolation' || e?.code === '23505';
}

/** True when a write referenced a row that no longer exists (foreign key, code 23503 / P2003). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (err instanceof Prisma.PrismaClientKnownRequestError) return err.code === 'P2003';
  const cause = (err as { cause?: { code?: string; originalCode?: string } })?.cause;
  return cause?.code === '23503' || cause?.originalCode === '23503';
}

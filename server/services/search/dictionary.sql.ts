import type { PrismaClient } from '@prisma/client';
import { z } from 'zod';

const candidateRow = z.object({ tok: z.string(), word: z.string() });

/**
 * Words of the catalogue's dictionary ("SearchWord", kept by the search triggers) that look like
 * each token by trigram similarity (pg_trgm's `%`, served by the GIN index): the candidates a typo
 * is corrected to. The exact edit distance is checked by the caller (typoDistance), since trigrams
 * only find what is near, and a swap of two letters is one typo, not two.
 */
export async function similarWords(db: PrismaClient, tokens: string[], perToken = 12): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!tokens.length) return out;
  const rows = await db.$queryRaw<unknown[]>`
    SELECT t.tok, c.word
    FROM unnest(${tokens}::text[]) AS t(tok)
    CROSS JOIN LATERAL (
      SELECT w."word" FROM "SearchWord" w WHERE w."word" % t.tok ORDER BY w."word" <-> t.tok, w."word" LIMIT ${perToken}
    ) c`;
  return collect(rows, out);
}

/**
 * The nearest dictionary words to each token however far (no similarity floor, so short words
 * like "wrp" still find "wrap"): for "Did you mean", asked only when a search found nothing. It
 * reads the whole dictionary, which is small (the distinct words of the catalogue).
 */
export async function nearestWords(db: PrismaClient, tokens: string[], perToken = 5): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!tokens.length) return out;
  const rows = await db.$queryRaw<unknown[]>`
    SELECT t.tok, c.word
    FROM unnest(${tokens}::text[]) AS t(tok)
    CROSS JOIN LATERAL (
      SELECT w."word" FROM "SearchWord" w WHERE abs(length(w."word") - length(t.tok)) <= 3
      ORDER BY w."word" <-> t.tok, w."word" LIMIT ${perToken}
    ) c`;
  return collect(rows, out);
}

function collect(rows: unknown[], out: Map<string, string[]>): Map<string, string[]> {
  for (const r of rows) {
    const { tok, word } = candidateRow.parse(r);
    out.set(tok, [...(out.get(tok) ?? []), word]);
  }
  return out;
}

/** Which of these words are in the dictionary exactly (a joined pair, "polymailer" from "poly mailer"). */
export async function knownWords(db: PrismaClient, words: string[]): Promise<Set<string>> {
  if (!words.length) return new Set();
  const rows = await db.$queryRaw<{ word: string }[]>`SELECT "word" FROM "SearchWord" WHERE "word" = ANY(${words}::text[])`;
  return new Set(rows.map((r) => r.word));
}

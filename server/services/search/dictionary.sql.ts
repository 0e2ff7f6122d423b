import { Prisma, type PrismaClient } from '@prisma/client';
import { z } from 'zod';

const candidateRow = z.object({ tok: z.string(), word: z.string() });


/**
 * Words of the catalogue's dictionary ("SearchWord", kept by the search triggers) near each token,
 * nearest first by trigram distance. `similar`: those pg_trgm's `%` calls similar (served by the
 * GIN index), the candidates a typo is corrected to; the exact edit distance is checked by the
 * caller (typoDistance), since trigrams only find what is near and a swap of two letters is one
 * typo, not two. `nearest`: however far (no similarity floor, so "wrp" still finds "wrap"), for
 * "Did you mean", asked only when a search found nothing; it reads the whole dictionary, which is
 * small (the distinct words of the catalogue).
 */
async function dictionaryWords(db: PrismaClient, tokens: string[], how: 'similar' | 'nearest', perToken: number): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!tokens.length) return out;
  const near = how === 'similar' ? Prisma.sql`w."word" % t.tok` : Prisma.sql`abs(length(w."word") - length(t.tok)) <= 3`;
  const rows = await db.$queryRaw<unknown[]>`
    SELECT t.tok, c.word
    FROM unnest(${tokens}::text[]) AS t(tok)
    CROSS JOIN LATERAL (
      SELECT w."word" FROM "SearchWord" w WHERE ${near} ORDER BY w."word" <-> t.tok, w."word" LIMIT ${perToken}
    ) c`;
  return collect(rows, out);
}

export const similarWords = (db: PrismaClient, tokens: string[], perToken = 12) => dictionaryWords(db, tokens, 'similar', perToken);
export const nearestWords = (db: PrismaClient, tokens: string[], perToken = 5) => dictionaryWords(db, tokens, 'nearest', perToken);

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

/**
 * Text as search compares it, the same on both sides: lower case, accents removed ("Café" is
 * "cafe"), anything but letters and digits one space. The database folds the catalogue with the
 * same rule (search_fold() in migration 0020_search), so a query and a product meet half way.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** At most this many words of a query are searched; the rest are ignored (nobody types more). */
const MAX_QUERY_WORDS = 8;
/** Longer words are cut: no product word is this long, and a trigram search of a huge word is wasted work. */
const MAX_WORD_LENGTH = 40;

export function queryWords(text: string): string[] {
  const folded = foldText(text);
  if (!folded) return [];
  return folded
    .split(' ')
    .slice(0, MAX_QUERY_WORDS)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** A query's words joined by single spaces: the form searches are counted and cached under. */
export const normalisedQuery = (text: string): string => queryWords(text).join(' ');

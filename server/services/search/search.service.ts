import type { PrismaClient } from '@prisma/client';
import { queryWords } from '../../../shared/domain/search/fold';
import { extractSizes } from '../../../shared/domain/search/sizes';
import { allowedTypos, typoDistance } from '../../../shared/domain/search/typos';
import { knownWords, nearestWords, similarWords } from './dictionary.sql';
import { rankedProductIds } from './search-ids.sql';
import { buildPlan, type SearchPlan } from './search-plan';
import { synonymRules } from './synonym-cache';
import { BoundedCache, dbKeyOf } from '../../lib/bounded-cache';
import { onCatalogChanged } from '../../lib/catalog-events';

// Plans by query text and database (the one bounded cache, server/lib/bounded-cache.ts): the
// dictionary and synonyms they were built from change only with the catalogue (or a synonym), which
// drops them all in this and every other instance.
const PLAN_CACHE_MAX = 2000;
const plans = new BoundedCache<SearchPlan | null>({ maxEntries: PLAN_CACHE_MAX, ttlMs: Infinity });
onCatalogChanged(() => plans.clear());

/**
 * The one search (docs/architecture.md section 13, decision 0169): the listing, the header's suggestions,
 * quick order, the chat and the back office all turn what was typed into a plan here, and run it
 * with search.sql.ts. Null when nothing was typed (blank); text with nothing searchable in it
 * ("%", "!!!") gives a plan that finds nothing.
 */
export function planSearch(db: PrismaClient, text: string | null | undefined, opts: { prefixLast?: boolean } = {}): Promise<SearchPlan | null> {
  const key = `${dbKeyOf(db)}|${opts.prefixLast ? 'p' : 'w'}|${text ?? ''}`;
  return plans.get(key, () => makePlan(db, text, opts));
}

async function makePlan(db: PrismaClient, text: string | null | undefined, opts: { prefixLast?: boolean }): Promise<SearchPlan | null> {
  const raw = (text ?? '').replace(/\p{Cc}/gu, ' ').trim();
  if (!raw) return null;
  const { sizes, rest } = extractSizes(raw);
  const words = queryWords(rest);
  if (!words.length && !sizes.length) return buildPlan({ words, sizes, raw, similar: new Map(), joined: new Set(), synonyms: [], prefixLast: false });
  const rules = await synonymRules(db);
  const synonymWords = new Set(rules.flatMap((r) => [...(r.from ?? []), ...r.terms.flat()]));
  const pairs = words.slice(1).map((w, i) => words[i] + w);
  const [similar, joined] = await Promise.all([similarWords(db, [...new Set(words)]), knownWords(db, pairs)]);
  // The synonyms' words are part of the dictionary a typo is corrected against ("courir bag").
  for (const w of words) similar.set(w, [...(similar.get(w) ?? []), ...synonymWords]);
  return buildPlan({ words, sizes, raw, similar, joined, synonyms: rules, prefixLast: opts.prefixLast ?? false });
}

type Counter = (plan: SearchPlan) => Promise<number>;

/**
 * For a search that found nothing, the closest query that finds something ("Did you mean ...?"):
 * each word replaced by the nearest dictionary word (up to one typo more than a search forgives),
 * or, failing that, the query without one of its words. Null when nothing near finds anything.
 */
export async function didYouMean(db: PrismaClient, text: string, count: Counter): Promise<string | null> {
  const { sizes, rest } = extractSizes(text);
  const words = queryWords(rest);
  const sizeText = sizes.map((s) => s.text);
  const trials: string[][] = [];
  if (words.length) {
    const similar = await nearestWords(db, [...new Set(words)]);
    const nearest = words.map((w) => {
      const max = Math.min(3, allowedTypos(w) + 1);
      const best = (similar.get(w) ?? []).map((c) => ({ c, d: typoDistance(w, c, max) })).filter((x) => x.d <= max).sort((a, b) => a.d - b.d)[0];
      return best && /\d/.test(w) === false && w.length >= 3 ? best.c : w;
    });
    if (nearest.some((w, i) => w !== words[i])) trials.push(nearest);
    if (words.length > 1) for (let i = words.length - 1; i >= 0; i--) trials.push([...nearest.slice(0, i), ...nearest.slice(i + 1)]);
  }
  if (sizes.length && words.length) trials.push(words); // the words without the size
  for (const trial of trials.slice(0, 6)) {
    const candidate = [...trial, ...(trial === words ? [] : sizeText)].join(' ');
    if (!candidate || candidate === [...words, ...sizeText].join(' ')) continue;
    const plan = await planSearch(db, candidate);
    if (plan && (await count(plan)) > 0) return candidate;
  }
  return null;
}

/**
 * The products a text finds, best first: for screens that list products their own way (the
 * back-office product cards, the chat). Null when nothing was typed (no search: list everything).
 */
export async function searchProductIds(db: PrismaClient, text: string | null | undefined, limit = 500): Promise<string[] | null> {
  const plan = await planSearch(db, text);
  return plan ? rankedProductIds(db, plan, limit) : null;
}

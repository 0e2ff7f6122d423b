import type { PrismaClient } from '@prisma/client';
import { foldText } from '../../../shared/domain/search/fold';
import { extractSizes, sizeMatches } from '../../../shared/domain/search/sizes';
import type { SuggestOutput } from '../../../shared/schemas/search.schema';
import { cachedAnswer, type CachedAnswer } from './catalog-cache';
import { filterOptions, filterProducts } from './catalog.service';

const MAX_PRODUCTS = 5;
const MAX_SIZES = 4;

/**
 * What the header suggests while a shopper types: the first products the listing would show for
 * the text (the last word may be unfinished: "polym" finds polymailers), and the catalogue's sizes
 * the text names ("25 x 35 cm") or starts ("25"). Served from the catalogue cache like the listing.
 */
export function suggestCached(db: PrismaClient, q: string): Promise<CachedAnswer<SuggestOutput>> {
  return cachedAnswer(db, `suggest:${q.toLowerCase().replace(/\s+/g, ' ')}`, () => loadSuggestions(db, q));
}

async function loadSuggestions(db: PrismaClient, q: string): Promise<SuggestOutput> {
  const [page, options] = await Promise.all([
    filterProducts(db, { filters: { search: q }, page: 1, limit: MAX_PRODUCTS }, { prefixLast: true }),
    filterOptions(db),
  ]);
  return {
    products: page.products.map((p) => ({
      id: p.id,
      name: p.name,
      image: p.images[0] ?? null,
      price_range: p.price_range,
      in_stock: p.in_stock,
      ...(p.variant_id ? { variant_id: p.variant_id } : {}),
    })),
    sizes: sizesNamed(q, options.sizes).slice(0, MAX_SIZES),
    total: page.total,
    ...(page.did_you_mean ? { did_you_mean: page.did_you_mean } : {}),
  };
}

/**
 * Sizes written out in the text, or, when the text is only digits so far, the sizes starting with
 * them: "25x3" is a whole size to extractSizes, but one the catalogue lacks, so it is read as
 * "25x35" being typed.
 */
function sizesNamed(q: string, sizeCodes: string[]): string[] {
  const { sizes } = extractSizes(q);
  const dims = (code: string) => code.split('x').map(Number);
  const named = sizes.length ? sizeCodes.filter((code) => sizes.some((s) => sizeMatches(s, dims(code)[0], dims(code)[1]))) : [];
  if (named.length) return named;
  const typed = foldText(q).replace(/\s+/g, '');
  if (!/^\d[\dx.]*$/.test(typed)) return [];
  return sizeCodes.filter((code) => code.startsWith(typed));
}

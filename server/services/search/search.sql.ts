import { Prisma } from '@prisma/client';
import type { SizeInQuery } from '../../../shared/domain/search/sizes';
import { availableSql } from '../../db/stock.sql';
import type { SearchPlan } from './search-plan';

// A search plan as SQL over "ProductSearch" s (joined to "Product" p by the caller). Every value is a
// bound parameter: the words are folded to [a-z0-9] before they get here, and the rest is text.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const tsquery = (text: string) => Prisma.sql`to_tsquery('english', ${text})`;

/** A variant (alias `v`) of one of the sizes: any meaning of each size, either way round. */
function sizeCondition(sizes: SizeInQuery[], alias: string): Prisma.Sql {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  const v = Prisma.raw(alias);
  const one = (w: number, h: number) =>
    Prisma.sql`(abs(${v}."widthCm" - ${w}) < 0.001 AND abs(${v}."heightCm" - ${h}) < 0.001)`;
  const perSize = sizes.map((s) => Prisma.sql`(${Prisma.join(s.meanings.flatMap((m) => [one(m.w, m.h), one(m.h, m.w)]), ' OR ')})`);
  return Prisma.join(perSize, ' AND ');
}

/** What a product must satisfy: its words (or a SKU containing the text) and a variant of each size. */
export function searchCondition(plan: SearchPlan): Prisma.Sql {
  const conds: Prisma.Sql[] = [];
  const text = plan.fuzzy ? Prisma.sql`s."document" @@ ${tsquery(plan.fuzzy)}` : null;
  const sku = plan.sku ? Prisma.sql`s."skus" LIKE ${`%${escapeLike(plan.sku)}%`}` : null;
  if (text && sku) conds.push(Prisma.sql`(${text} OR ${sku})`);
  else if (text ?? sku) conds.push((text ?? sku)!);
  if (plan.sizes.length) {
    conds.push(Prisma.sql`EXISTS (SELECT 1 FROM "Variant" sv WHERE sv."productId" = p."id" AND ${sizeCondition(plan.sizes, 'sv')})`);
  }
  // Text with nothing searchable in it ("%", "!!!") finds nothing rather than everything.
  return conds.length ? Prisma.join(conds, ' AND ') : Prisma.sql`false`;
}

/**
 * How well a product matches, best 0: its SKU or whole name, then the phrase in its name or a SKU
 * starting so, then every word in the name, then every word somewhere, then only with typos (the
 * corrected phrase in the name before the rest).
 */
export function matchTier(plan: SearchPlan): Prisma.Sql {
  const whens: Prisma.Sql[] = [];
  const phrase = plan.phrase;
  if (plan.sku) whens.push(Prisma.sql`WHEN s."skus" LIKE ${`% ${escapeLike(plan.sku)} %`} THEN 0`);
  if (phrase) {
    whens.push(Prisma.sql`WHEN s."name" = ${phrase} THEN 0`);
    whens.push(Prisma.sql`WHEN position(${phrase} IN s."name") > 0 THEN 1`);
  }
  if (plan.sku) whens.push(Prisma.sql`WHEN s."skus" LIKE ${`% ${escapeLike(plan.sku)}%`} THEN 1`);
  if (plan.exact) whens.push(Prisma.sql`WHEN s."nameDoc" @@ ${tsquery(plan.exact)} THEN 2`);
  // Without a corrected typo every match is exact: the last test would only cost time.
  if (plan.exact && plan.exact !== plan.fuzzy) whens.push(Prisma.sql`WHEN s."document" @@ ${tsquery(plan.exact)} THEN 3`);
  // Among typo matches, the corrected phrase in the name first ("bubbel wrap" is "Bubble Wrap ...").
  if (plan.correctedPhrase) whens.push(Prisma.sql`WHEN position(${plan.correctedPhrase} IN s."name") > 0 THEN 4`);
  const otherwise = plan.exact && plan.exact === plan.fuzzy ? 3 : 5;
  return whens.length ? Prisma.sql`CASE ${Prisma.join(whens, ' ')} ELSE ${otherwise} END` : Prisma.sql`0`;
}

/** In stock (one variant available) as a sort key, computed for the matching products only. */
export const inStockRank = Prisma.sql`EXISTS (SELECT 1 FROM "Variant" iv WHERE iv."productId" = p."id" AND ${availableSql('iv')} > 0)`;

/** The variant of the sizes searched for that the listing links to: one in stock first, then the cheapest. */
export function sizeVariant(sizes: SizeInQuery[]): Prisma.Sql {
  return Prisma.sql`(SELECT zv."id" FROM "Variant" zv WHERE zv."productId" = p."id" AND ${sizeCondition(sizes, 'zv')}
    ORDER BY (${availableSql('zv')} > 0) DESC, zv."basePriceCents", zv."id" LIMIT 1)`;
}

/**
 * For screens that list variants (inventory, packing, quick order): variant `v` of product `p`
 * matches when its product matches the words (or its own SKU contains the text), and it is of
 * the size named, if one was.
 */
export function variantSearchCondition(plan: SearchPlan, v: string, p: string): Prisma.Sql {
  if (![v, p].every((a) => /^[a-z_][a-z0-9_]*$/i.test(a))) throw new Error('Not a table alias');
  const conds: Prisma.Sql[] = [];
  const text = plan.fuzzy
    ? Prisma.sql`EXISTS (SELECT 1 FROM "ProductSearch" s WHERE s."productId" = ${Prisma.raw(p)}."id" AND s."document" @@ ${tsquery(plan.fuzzy)})`
    : null;
  const sku = plan.sku ? Prisma.sql`lower(${Prisma.raw(v)}."sku") LIKE ${`%${escapeLike(plan.sku)}%`}` : null;
  if (text && sku) conds.push(Prisma.sql`(${text} OR ${sku})`);
  else if (text ?? sku) conds.push((text ?? sku)!);
  if (plan.sizes.length) conds.push(sizeCondition(plan.sizes, v));
  return conds.length ? Prisma.sql`(${Prisma.join(conds, ' AND ')})` : Prisma.sql`false`;
}

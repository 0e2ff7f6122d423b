// Price lists as the catalogue's reads price them, kept in process (decision 0193): a member's
// listing or product page then costs no query. Dropped with the catalogue caches on every change
// (a price-list write notes a catalogue change on its unit of work, announced to every instance,
// catalog-sync.ts), and after a minute in case a notification was lost. Order placement does not
// use it: it reads the list in the order's transaction (resolvePriceList).
import type { Prisma } from '@prisma/client';
import type { ResolvedPriceList, Tier } from '../../../shared/domain/price-list';
import { dbKeyOf } from '../../lib/bounded-cache';
import { onCatalogChanged } from '../../lib/catalog-events';
import type { SqlClient } from '../../db/sql-client';
import { storedTiers } from './price-list.mapper';
import { readWholePriceList } from './price-list.sql';

type CachedPriceList = ResolvedPriceList & { productsListed: ReadonlySet<string> };

const TTL_MS = 60_000;
const MAX_LISTS = 500;
const lists = new Map<string, { at: number; value: Promise<CachedPriceList | null> }>();
onCatalogChanged(() => lists.clear());

async function load(db: SqlClient, id: string): Promise<CachedPriceList | null> {
  const rows = await readWholePriceList(db, id);
  if (rows.length === 0) return null;
  const prices = new Map<string, Tier[]>();
  const productsListed = new Set<string>();
  for (const r of rows) {
    if (!r.variantId) continue;
    prices.set(r.variantId, storedTiers(typeof r.tiers === 'string' ? JSON.parse(r.tiers) : (r.tiers as Prisma.JsonValue)));
    if (r.productId) productsListed.add(r.productId);
  }
  return { id, percentOffBasisPoints: rows[0].percentOffBp, prices, productsListed };
}

/** The whole price list, from the cache or read once (concurrent misses share one read); null when it is gone. */
export function cachedPriceList(db: SqlClient, id: string | null): Promise<CachedPriceList | null> {
  if (!id) return Promise.resolve(null);
  const key = `${dbKeyOf(db)}|${id}`;
  const hit = lists.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  if (lists.size >= MAX_LISTS) lists.clear();
  const value = load(db, id);
  lists.set(key, { at: Date.now(), value });
  // A failed read is not kept: the next request tries again.
  value.catch(() => lists.get(key)?.value === value && lists.delete(key));
  return value;
}

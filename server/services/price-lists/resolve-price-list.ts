// Which contract prices a caller pays (decision 0193), resolved once at the edge. The session carries
// only the id of the member's company's price list (server/auth/user.mapper.ts userSelect), so the
// session cache drops it with the membership; the list's percentage and the listed prices of just the
// variants a read touches are read per request, after every cache, so no cache ever holds a
// member's price and a changed list is what the very next read sees.
import type { Prisma } from '@prisma/client';
import type { ResolvedPriceList, Tier } from '../../../shared/domain/price-list';
import type { AppUser } from '../../auth/user.mapper';
import type { SqlClient } from '../../db/sql-client';
import { storedTiers } from './price-list.mapper';
import { readPriceListRows } from './price-list.sql';

/** The caller's price list id: their company's, from the session; null for visitors, plain buyers, API keys. */
export function priceListIdOf(user: { membership?: { company: { priceListId: string | null } } | null } | null | undefined): string | null {
  return user?.membership?.company.priceListId ?? null;
}

/**
 * The price list as the rule reads it, with the listed prices of the given variants only; null when
 * there is none (or it was deleted since the session was read: the list price, never an error).
 */
export async function resolvePriceList(db: SqlClient, priceListId: string | null, variantIds: readonly string[]): Promise<ResolvedPriceList | null> {
  if (!priceListId) return null;
  const rows = await readPriceListRows(db, priceListId, [...new Set(variantIds)]);
  if (rows.length === 0) return null;
  const prices = new Map<string, Tier[]>();
  for (const r of rows) if (r.variantId) prices.set(r.variantId, storedTiers(typeof r.tiers === 'string' ? JSON.parse(r.tiers) : (r.tiers as Prisma.JsonValue)));
  return { id: priceListId, percentOffBasisPoints: rows[0].percentOffBp, prices };
}

/** A price list that changes nothing for these variants: the caller's reads can skip repricing. */
export const changesNothing = (list: ResolvedPriceList | null): boolean => !list || (list.percentOffBasisPoints === 0 && list.prices.size === 0);

/**
 * The price list of whoever calls, for the public reads that price things (catalogue): no token, no
 * lookup; a token that no longer signs anyone in is a visitor (the list price), never an error.
 */
export async function callerPriceListId(ctx: { token: string | null; usesApiKey: boolean; getAuth(): Promise<{ user: Pick<AppUser, 'membership'> } | null> }): Promise<string | null> {
  if (!ctx.token || ctx.usesApiKey) return null;
  return priceListIdOf((await ctx.getAuth())?.user);
}

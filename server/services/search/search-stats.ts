import type { PrismaClient } from '@prisma/client';
import type { Logger } from 'pino';
import { addDays } from '../../../shared/domain/report-range';
import { countedQuery } from '../../../shared/domain/search/query-privacy';
import { shopDay, startOfShopDay } from '../../../shared/domain/shop-time';
import { addSearchCounts, type CountedDay } from './search-stats.sql';

// Searches counted for the owner (issue 37 point 6, decision 0173). A search must not wait on a
// write, so counts gather in memory per (Singapore day, folded query) and are added to
// "SearchQueryDay" in one statement every 10 s and on shutdown. A crash loses at most those 10 s,
// which a count of what buyers look for can afford. Who searched is never known here.

/** Distinct (day, query) keys held between flushes; a flood of new queries beyond it is not counted. */
export const MAX_PENDING_KEYS = 10_000;
const FLUSH_EVERY_MS = 10_000;

interface Pending {
  counts: Map<string, CountedDay>;
  /** The flush in progress (flushes run one after another). */
  chain: Promise<void>;
}

// Per database client, as the other caches are: tests run several apps in one process.
const pendingByDb = new WeakMap<object, Pending>();

function pendingOf(db: PrismaClient): Pending {
  let p = pendingByDb.get(db);
  if (!p) {
    p = { counts: new Map(), chain: Promise.resolve() };
    pendingByDb.set(db, p);
  }
  return p;
}

// The Singapore day, worked out again only when it ends (a search costs a clock read, not Intl).
let today = { day: '', until: 0 };
function shopToday(now = Date.now()): string {
  if (now >= today.until || now < today.until - 90_000_000) {
    const day = shopDay(new Date(now));
    today = { day, until: startOfShopDay(addDays(day, 1)).getTime() };
  }
  return today.day;
}

/**
 * Counts one storefront search (the listing's first page) and whether it found anything. Empty
 * queries and queries that look like personal data (an '@', a run of 7+ digits) are not counted.
 * Never throws and never waits.
 */
export function countSearch(db: PrismaClient, query: string, resultCount: number): void {
  const text = countedQuery(query);
  if (!text) return;
  add(pendingOf(db), { day: shopToday(), query: text, searches: 1, zeroResults: resultCount === 0 ? 1 : 0 });
}

function add(p: Pending, row: CountedDay): void {
  const key = `${row.day}|${row.query}`;
  const kept = p.counts.get(key);
  if (kept) {
    kept.searches += row.searches;
    kept.zeroResults += row.zeroResults;
  } else if (p.counts.size < MAX_PENDING_KEYS) {
    p.counts.set(key, { ...row });
  }
}

/** Writes what has been counted so far; a failed write keeps the counts for the next flush. */
export function flushSearchStats(db: PrismaClient): Promise<void> {
  const p = pendingOf(db);
  const run = p.chain.then(async () => {
    const rows = [...p.counts.values()];
    if (!rows.length) return;
    p.counts = new Map();
    try {
      await addSearchCounts(db, rows);
    } catch (err) {
      for (const row of rows) add(p, row);
      throw err;
    }
  });
  p.chain = run.catch(() => undefined);
  return run;
}

/** Flushes every 10 s until stopped; stop() flushes what is left (server/index.ts, on shutdown). */
export function startSearchStats(db: PrismaClient, log: Pick<Logger, 'warn'>): { stop(): Promise<void> } {
  const warn = (err: unknown) => log.warn({ err }, 'Search counts could not be saved; they are kept for the next try');
  const timer = setInterval(() => void flushSearchStats(db).catch(warn), FLUSH_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await flushSearchStats(db).catch(warn);
    },
  };
}

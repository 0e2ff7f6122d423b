import type { PrismaClient } from '@prisma/client';
import { SEARCH_REPORT_DEFAULT_LIMIT, type SearchReport, type SearchReportInput } from '../../../shared/schemas/search-report.schema';
import { searchCountsIn } from './search-stats.sql';

/**
 * What buyers looked for between two Singapore days (both included): the most searched queries
 * and those that most often found nothing, for the owner to add synonyms or products. Days are
 * Singapore days whatever the report time zone, as the counts are kept per Singapore day.
 */
export async function searchReport(db: PrismaClient, input: SearchReportInput): Promise<SearchReport> {
  const limit = input.limit ?? SEARCH_REPORT_DEFAULT_LIMIT;
  const { top, zero, totals } = await searchCountsIn(db, input.from, input.to, limit);
  return {
    from: input.from,
    to: input.to,
    total_searches: totals.searches,
    total_zero_results: totals.zero_results,
    top_searches: top,
    zero_result_searches: zero.map((r) => ({ query: r.query, searches: r.zero_results })),
  };
}

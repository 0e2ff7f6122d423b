import { z } from 'zod';
import { rangeProblem } from '../domain/report-range';

// What buyers searched for (issue 37 point 6, decision 0173): counted per Singapore day and folded
// query text (server/services/search/search-stats.ts), never who searched.

export const SEARCH_REPORT_DEFAULT_LIMIT = 50;
const SEARCH_REPORT_MAX_LIMIT = 500;

const day = (label: string) => z.string({ error: `${label} is required (YYYY-MM-DD)` }).max(10, `${label} must be a date as YYYY-MM-DD`);

export const searchReportInput = z
  .object({
    from: day('from'),
    to: day('to'),
    /** Rows in each list; the lists are the most searched first. */
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(SEARCH_REPORT_MAX_LIMIT, `limit must be ${SEARCH_REPORT_MAX_LIMIT} or less`)
      .optional(),
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
  })
  .superRefine((v, ctx) => {
    const problem = rangeProblem(v.from, v.to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [problem.startsWith('to') ? 'to' : 'from'] });
  });
export type SearchReportInput = z.infer<typeof searchReportInput>;

export const searchReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Every search counted in the range (the lists show only the first `limit` queries). */
  total_searches: z.number().int(),
  total_zero_results: z.number().int(),
  /** Most searched first: how often, and how many of those found nothing. */
  top_searches: z.array(z.object({ query: z.string(), searches: z.number().int(), zero_results: z.number().int() })),
  /** Searches that found nothing, most frequent first: `searches` counts only those that found nothing. */
  zero_result_searches: z.array(z.object({ query: z.string(), searches: z.number().int() })),
});
export type SearchReport = z.infer<typeof searchReport>;

import { searchReport, searchReportInput } from '../../../shared/schemas/search-report.schema';
import * as report from '../../services/search/search-report.service';
import { staffProcedure } from '../../trpc/procedures';

/**
 * admin.reports.search, spread into the reports router (server/routers/reports/reports.router.ts) so
 * it sits with the other reports: the same role, the same API-key scope (reports:read).
 */
export const searchReportProcedures = {
  search: staffProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reports/search',
        tags: ['admin: reports'],
        summary: 'What buyers searched for: the most searched queries and the searches that found nothing',
        description:
          'from and to are Singapore days (YYYY-MM-DD, both included); limit (1-500, default 50) rows per list. Queries are the folded text ' +
          '(lower case, no accents or punctuation, at most 100 characters) of searches of the storefront listing (first page); who searched is never kept, ' +
          'and text that looks like personal data (an @, or 7 or more digits in a row) is not counted. Counts reach the report within about 10 seconds. ' +
          '`format=csv` answers both lists as one CSV file.',
        protect: true,
      },
    })
    .input(searchReportInput)
    .output(searchReport)
    .query(({ ctx, input }) => report.searchReport(ctx.db, input)),
};

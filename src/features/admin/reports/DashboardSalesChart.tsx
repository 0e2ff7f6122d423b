import { Link } from '../../../lib/router';
import { presetRange, dayIn } from '../../../../shared/domain/report-range';
import { trpc } from '../../../lib/trpc';
import { Card } from '../ui';
import { ReportChart } from './Chart';
import { Change, money, useShopTimeZone, useStable, whole } from './report-ui';
import { percentChange } from '../../../../shared/domain/report-range';

/** The dashboard's small chart: revenue per day over the last 30 days, with the change on the 30 before. */
export function DashboardSalesChart() {
  const tz = useShopTimeZone();
  const range = presetRange('last_30_days', dayIn(tz, new Date()));
  const query = trpc.admin.reports.sales.useQuery({ ...range, interval: 'day' }, { staleTime: 60_000 });
  const d = query.data;
  const labels = useStable(() => d?.series.map((s) => s.date.slice(5)) ?? [], [d]);
  const series = useStable(() => [{ label: 'Revenue', data: d?.series.map((s) => s.revenue) ?? [] }], [d]);
  return (
    <Card className="mt-6">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Sales, last 30 days</h2>
        <Link to="/admin/reports/sales?range=last_30_days" className="text-sm font-medium text-emerald-700 hover:underline">
          Open reports
        </Link>
      </div>
      {d ? (
        <>
          <p className="mb-2 text-sm text-slate-600" data-testid="dashboard-sales">
            <span className="text-lg font-bold text-slate-900">{money(d.totals.revenue)}</span> from {whole(d.totals.orders)} orders · <Change value={percentChange(d.totals.revenue, d.previous.revenue)} /> on the 30 days before
          </p>
          <ReportChart labels={labels} series={series} kind="line" height={160} formatLeft={money} summary={`Revenue per day over the last 30 days: ${money(d.totals.revenue)} in all. The Sales report has the table.`} />
        </>
      ) : (
        <div className="h-40 animate-pulse rounded bg-slate-100" />
      )}
    </Card>
  );
}

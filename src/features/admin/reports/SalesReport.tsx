import { REPORT_INTERVALS, type ReportInterval, defaultInterval } from '../../../../shared/domain/report-range';
import { trpc } from '../../../lib/trpc';
import { ErrorBox, errorText } from '../ui';
import { ReportChart } from './Chart';
import { CsvButton, Figure, RangePicker, ReportTable, money, useReportRange, useStable, ReportSection, whole } from './report-ui';
import { useSearchParams } from '../../../lib/router';

export function SalesReport() {
  const state = useReportRange();
  const [params, setParams] = useSearchParams();
  const asked = params.get('interval') as ReportInterval | null;
  const interval = asked && (REPORT_INTERVALS as readonly string[]).includes(asked) ? asked : defaultInterval(state.range);
  const query = trpc.admin.reports.sales.useQuery({ ...state.range, interval }, { placeholderData: (prev) => prev });
  const d = query.data;
  const labels = useStable(() => d?.series.map((s) => s.date) ?? [], [d]);
  const series = useStable(
    () => (d ? [{ label: 'Revenue (with GST)', data: d.series.map((s) => s.revenue) }, { label: 'Orders', data: d.series.map((s) => s.orders), right: true, type: 'line' as const }] : []),
    [d],
  );
  const qs = `from=${state.range.from}&to=${state.range.to}&interval=${interval}`;
  return (
    <ReportSection id="sales" title="Sales">
      <RangePicker state={state}>
        <label className="text-sm font-medium text-slate-700">
          Chart by
          <select aria-label="Chart by"
            className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm"
            value={interval}
            onChange={(e) =>
              setParams((old) => {
                const next = new URLSearchParams(old);
                next.set('interval', e.target.value);
                return next;
              })
            }
          >
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </select>
        </label>
        <CsvButton path={`/admin/reports/sales?${qs}&format=csv`} name="sales.csv" />
      </RangePicker>
      {query.error && <ErrorBox message={errorText(query.error)} onRetry={() => query.refetch()} />}
      {d && (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Figure label="Revenue (with GST)" value={d.totals.revenue} previous={d.previous.revenue} format={money} testId="sales-revenue" />
            <Figure label="Revenue without GST" value={d.totals.revenue_excluding_gst} previous={d.previous.revenue_excluding_gst} format={money} />
            <Figure label="Orders" value={d.totals.orders} previous={d.previous.orders} testId="sales-orders" />
            <Figure label="Units (packs)" value={d.totals.units} previous={d.previous.units} />
            <Figure label="Average order" value={d.totals.average_order_value} previous={d.previous.average_order_value} format={money} />
            <Figure label="Discounts given" value={d.totals.discounts} previous={d.previous.discounts} format={money} />
            <Figure label="Shipping charged" value={d.totals.shipping} previous={d.previous.shipping} format={money} />
            <Figure label="GST" value={d.totals.gst} previous={d.previous.gst} format={money} />
          </div>
          <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="sales-cancelled">
            Cancelled and not counted above: {whole(d.cancelled.orders)} order{d.cancelled.orders === 1 ? '' : 's'} worth {money(d.cancelled.value)} (previous period: {whole(d.previous_cancelled.orders)},{' '}
            {money(d.previous_cancelled.value)}).
          </p>
          <div className="mt-4 grid items-start gap-4 xl:grid-cols-[3fr_2fr] [&>*]:min-w-0">
            <div className="rounded-xl border border-slate-200 bg-white p-3">
              <ReportChart
                labels={labels}
                series={series}
                formatLeft={money}
                summary={`Revenue and orders by ${interval} from ${d.range.from} to ${d.range.to}: ${money(d.totals.revenue)} over ${d.totals.orders} orders. The table beside the chart lists each ${interval}.`}
              />
            </div>
            <div className="max-h-96 overflow-y-auto">
              <ReportTable
                caption={`Sales by ${interval}`}
                rows={d.series}
                rowKey={(r) => r.date}
                columns={[
                  { label: interval === 'day' ? 'Day' : interval === 'week' ? 'Week from' : 'Month from', value: (r) => r.date },
                  { label: 'Revenue', value: (r) => money(r.revenue), numeric: true },
                  { label: 'Orders', value: (r) => whole(r.orders), numeric: true },
                  { label: 'Units', value: (r) => whole(r.units), numeric: true },
                ]}
              />
            </div>
          </div>
          <p className="mt-3 text-xs text-slate-500">
            Orders placed in the period and not cancelled, by order date in {d.time_zone}. Revenue is what customers pay: goods after discounts plus shipping, GST included.
          </p>
        </>
      )}
    </ReportSection>
  );
}

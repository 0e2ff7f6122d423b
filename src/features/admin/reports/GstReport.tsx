import { quarterRange } from '../../../../shared/domain/report-range';
import { trpc } from '../../../lib/trpc';
import { ErrorBox, errorText } from '../ui';
import { ReportChart } from './Chart';
import { CsvButton, Figure, RangePicker, ReportTable, money, useReportRange, useStable, ReportSection, whole } from './report-ui';

/** The last six calendar quarters, newest first. */
function recentQuarters(today: string) {
  let y = Number(today.slice(0, 4));
  let q = (Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1) as 1 | 2 | 3 | 4;
  const out = [];
  for (let i = 0; i < 6; i++) {
    out.push({ label: `Q${q} ${y}`, ...quarterRange(y, q) });
    q = (q === 1 ? 4 : q - 1) as 1 | 2 | 3 | 4;
    if (q === 4) y -= 1;
  }
  return out;
}

export function GstReport() {
  const state = useReportRange('this_quarter');
  const query = trpc.admin.reports.gst.useQuery(state.range, { placeholderData: (prev) => prev });
  const d = query.data;
  const quarters = recentQuarters(state.today);
  const picked = quarters.find((q) => q.from === state.range.from && q.to === state.range.to);
  const labels = useStable(() => d?.by_month.map((m) => m.month) ?? [], [d]);
  const series = useStable(
    () => (d ? [{ label: 'Supplies without GST (box 1)', data: d.by_month.map((m) => m.supplies_excluding_gst) }, { label: 'Output tax (box 6)', data: d.by_month.map((m) => m.output_tax) }] : []),
    [d],
  );
  const qs = `from=${state.range.from}&to=${state.range.to}`;
  return (
    <ReportSection id="gst" title="GST">
      <RangePicker state={state}>
        <label className="text-sm font-medium text-slate-700">
          Quarter
          <select aria-label="Quarter"
            className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm"
            value={picked?.label ?? ''}
            onChange={(e) => {
              const q = quarters.find((x) => x.label === e.target.value);
              if (q) state.setCustom({ from: q.from, to: q.to });
            }}
          >
            <option value="">Choose…</option>
            {quarters.map((q) => (
              <option key={q.label} value={q.label}>
                {q.label}
              </option>
            ))}
          </select>
        </label>
        <CsvButton path={`/admin/reports/gst?${qs}&format=csv`} name="gst-orders.csv" label="Download the orders" />
      </RangePicker>
      {query.error && <ErrorBox message={errorText(query.error)} onRetry={() => query.refetch()} />}
      {d && (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <Figure label="Box 1: total value of standard-rated supplies" value={d.supplies_excluding_gst} previous={d.previous.supplies_excluding_gst} format={money} testId="gst-box1" />
            <Figure label="Box 6: output tax due" value={d.output_tax} previous={d.previous.output_tax} format={money} testId="gst-box6" />
            <Figure label="Orders (supplies with GST)" value={d.orders} note={`${money(d.supplies_including_gst)} with GST`} />
          </div>
          <p className="mt-3 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="gst-basis">
            <strong>What is included: </strong>
            {d.basis}
          </p>
          <div className="mt-4 grid items-start gap-4 xl:grid-cols-2 [&>*]:min-w-0">
            <div className="rounded-xl border border-slate-200 bg-white p-3">
              <ReportChart labels={labels} series={series} formatLeft={money} summary={`Supplies without GST and output tax per month from ${d.range.from} to ${d.range.to}. The table lists each month.`} />
            </div>
            <ReportTable
              caption="GST figures per month"
              rows={[...d.by_month, { month: 'Period', from: d.range.from, to: d.range.to, supplies_excluding_gst: d.supplies_excluding_gst, output_tax: d.output_tax, supplies_including_gst: d.supplies_including_gst, orders: d.orders }]}
              rowKey={(r) => r.month}
              columns={[
                { label: 'Month', value: (r) => (r.month === 'Period' ? 'Whole period' : `${r.month}${r.from.endsWith('-01') ? '' : ` (from ${r.from})`}`) },
                { label: 'Box 1 (without GST)', value: (r) => money(r.supplies_excluding_gst), numeric: true },
                { label: 'Box 6 (output tax)', value: (r) => money(r.output_tax), numeric: true },
                { label: 'With GST', value: (r) => money(r.supplies_including_gst), numeric: true },
                { label: 'Orders', value: (r) => whole(r.orders), numeric: true },
              ]}
            />
          </div>
        </>
      )}
    </ReportSection>
  );
}

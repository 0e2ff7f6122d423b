import { Download } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { formatMoney } from '../../../../shared/domain/money';
import {
  DEFAULT_TIME_ZONE,
  dayIn,
  percentChange,
  presetRange,
  rangeProblem,
  REPORT_PRESETS,
  type DayRange,
  type ReportPreset,
} from '../../../../shared/domain/report-range';
import { Button } from '../../../components/ui/Button';
import { downloadFile } from '../../../lib/download';
import { trpc } from '../../../lib/trpc';
import { Card } from '../ui';

export const money = (n: number) => formatMoney(n);
export const whole = (n: number) => n.toLocaleString('en-SG');

const PRESET_LABELS: Record<ReportPreset | 'custom', string> = {
  today: 'Today',
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  this_month: 'This month',
  this_quarter: 'This quarter',
  custom: 'Custom range',
};

/** The shop's time zone (report settings) for the range picker. */
export function useShopTimeZone(): string {
  const settings = trpc.admin.reports.settings.useQuery(undefined, { staleTime: 60_000 });
  return settings.data?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** The range of the reports, kept in the address (?range=last_7_days or ?from=&to=) so it survives switching reports. */
export function useReportRange(defaultPreset: ReportPreset = 'last_30_days') {
  const tz = useShopTimeZone();
  const [params, setParams] = useSearchParams();
  const today = dayIn(tz, new Date());
  const from = params.get('from');
  const to = params.get('to');
  const custom = from && to && rangeProblem(from, to) === null;
  const preset = (REPORT_PRESETS as readonly string[]).includes(params.get('range') ?? '') ? (params.get('range') as ReportPreset) : defaultPreset;
  const range: DayRange = custom ? { from, to } : presetRange(preset, today);
  return {
    tz,
    today,
    range,
    preset: custom ? ('custom' as const) : preset,
    setPreset(p: ReportPreset) {
      setParams((old) => {
        const next = new URLSearchParams(old);
        next.delete('from');
        next.delete('to');
        next.set('range', p);
        return next;
      });
    },
    setCustom(r: DayRange) {
      setParams((old) => {
        const next = new URLSearchParams(old);
        next.delete('range');
        next.set('from', r.from);
        next.set('to', r.to);
        return next;
      });
    },
  };
}

export function RangePicker({ state, children, compared = true }: { state: ReturnType<typeof useReportRange>; children?: ReactNode; compared?: boolean }) {
  const [draft, setDraft] = useState<DayRange>(state.range);
  const [editing, setEditing] = useState(state.preset === 'custom');
  const problem = rangeProblem(draft.from, draft.to);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3">
      <label className="text-sm font-medium text-slate-700">
        Period
        <select aria-label="Period"
          className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm"
          value={editing ? 'custom' : state.preset}
          onChange={(e) => {
            const v = e.target.value;
            if (v === 'custom') {
              setDraft(state.range);
              setEditing(true);
            } else {
              setEditing(false);
              state.setPreset(v as ReportPreset);
            }
          }}
        >
          {(['today', 'last_7_days', 'last_30_days', 'this_month', 'this_quarter', 'custom'] as const).map((p) => (
            <option key={p} value={p}>
              {PRESET_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      {editing && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!problem) state.setCustom(draft);
          }}
        >
          <label className="text-sm font-medium text-slate-700">
            From
            <input type="date" className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm" value={draft.from} max={state.today} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </label>
          <label className="text-sm font-medium text-slate-700">
            To
            <input type="date" className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </label>
          <Button type="submit" variant="outline" disabled={problem !== null}>
            Apply
          </Button>
          {problem && draft.from && draft.to && (
            <p role="alert" className="w-full text-xs text-red-600">
              {problem}
            </p>
          )}
        </form>
      )}
      {children}
      <p className="w-full text-xs text-slate-500">
        {state.range.from === state.range.to ? state.range.from : `${state.range.from} to ${state.range.to}`}, days in {state.tz}{compared ? '; compared with the same number of days just before' : ''}.
      </p>
    </div>
  );
}

/**
 * One report's view. The report's name is already on screen in the report tabs, so the section is
 * named by a heading only screen readers read, and each report is found by that name.
 */
export function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A figure with the previous period's and the change, or else a note under it. */
export function Figure({ label, value, previous, format = whole, testId, note }: { label: string; value: number; previous?: number; format?: (n: number) => string; testId?: string; note?: ReactNode }) {
  const change = previous === undefined ? null : percentChange(value, previous);
  return (
    <Card className="!p-3">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-xl font-bold text-slate-900" data-testid={testId}>
        {format(value)}
      </p>
      {previous !== undefined && (
        <p className="mt-0.5 text-xs text-slate-500">
          <Change value={change} /> vs {format(previous)}
        </p>
      )}
      {previous === undefined && note && <p className="mt-0.5 text-xs text-slate-500">{note}</p>}
    </Card>
  );
}

export function Change({ value }: { value: number | null }) {
  if (value === null) return <span className="font-semibold text-emerald-700">new</span>;
  const tone = value > 0 ? 'text-emerald-700' : value < 0 ? 'text-red-700' : 'text-slate-500';
  return <span className={`font-semibold ${tone}`}>{value > 0 ? '+' : ''}{value}%</span>;
}

export function CsvButton({ path, name, label = 'Download CSV' }: { path: string; name: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(path, name);
        } catch (e) {
          toast.error((e as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download className="h-4 w-4" aria-hidden />
      {label}
    </Button>
  );
}

export interface Column<T> {
  label: string;
  value(row: T): ReactNode;
  numeric?: boolean;
}

/** The accessible table beside each chart; scrolls sideways on a phone rather than squeezing. */
/** A report's table; `titled` shows its caption as a heading above it too (a report with several tables). */
export function ReportTable<T>({ caption, titled, columns, rows, rowKey, empty = 'Nothing in this period.' }: { caption: string; titled?: boolean; columns: Column<T>[]; rows: T[]; rowKey(row: T, i: number): string; empty?: string }) {
  const table = (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={`whitespace-nowrap px-3 py-2 ${c.numeric ? 'text-right' : ''}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="px-3 py-4 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)}>
              {columns.map((c, j) =>
                j === 0 ? (
                  <th key={c.label} scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium text-slate-800">
                    {c.value(row)}
                  </th>
                ) : (
                  <td key={c.label} className={`whitespace-nowrap px-3 py-2 ${c.numeric ? 'text-right tabular-nums' : ''}`}>
                    {c.value(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (!titled) return table;
  return (
    <div>
      <h3 className="mb-2 text-base font-semibold text-slate-900">{caption}</h3>
      {table}
    </div>
  );
}

/** Stable arrays for the chart, so it is redrawn only when the figures change. */
export function useStable<T>(make: () => T, deps: unknown[]): T {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(make, deps);
}

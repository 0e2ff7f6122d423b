import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';
import { errorDetail, trpc } from '../../lib/trpc';
import { formatMoney } from '../../../shared/domain/money';
import { addDays } from '../../../shared/domain/report-range';
import { formatCalendarDay, shopDay } from '../../../shared/domain/shop-time';
import type { StatementDto } from '../../../shared/schemas/statement.schema';

// A company's statement of account (decision 0199): the company admin's on the account's Company
// tab, the owner's on the back office's company page. The same figures as the PDF and the CSV.

interface Period {
  from: string;
  to: string;
}

const defaultPeriod = (): Period => {
  const to = shopDay(new Date());
  return { from: addDays(to, -89), to };
};

const KIND: Record<StatementDto['lines'][number]['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note', payment: 'Payment', refund: 'Refund' };
const BUCKETS: [keyof StatementDto['ageing'], string][] = [
  ['current', 'Current'],
  ['days_1_30', '1-30 days'],
  ['days_31_60', '31-60 days'],
  ['days_61_90', '61-90 days'],
  ['over_90', 'Over 90 days'],
];
const inputClass = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';

/** The signed-in company admin's own company. */
export function OwnStatement() {
  const [period, setPeriod] = useState(defaultPeriod);
  const q = trpc.company.statement.useQuery(period, { retry: false });
  return <StatementView period={period} onPeriod={setPeriod} data={q.data} loading={q.isLoading} error={q.error ? (errorDetail(q.error) ?? 'Failed to load the statement') : null} files="/company/statement" />;
}

/** A company in the back office. */
export function CompanyStatement({ id }: { id: string }) {
  const [period, setPeriod] = useState(defaultPeriod);
  const q = trpc.admin.companies.statement.useQuery({ id, ...period }, { retry: false });
  return (
    <StatementView
      period={period}
      onPeriod={setPeriod}
      data={q.data}
      loading={q.isLoading}
      error={q.error ? (errorDetail(q.error) ?? 'Failed to load the statement') : null}
      files={`/admin/companies/${encodeURIComponent(id)}/statement`}
    />
  );
}

function StatementView(p: { period: Period; onPeriod: (p: Period) => void; data: StatementDto | undefined; loading: boolean; error: string | null; files: string }) {
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const today = shopDay(new Date());
  const download = async (ext: 'pdf' | 'csv') => {
    setBusy(ext);
    try {
      await downloadFile(`${p.files}.${ext}?from=${p.period.from}&to=${p.period.to}`, `statement.${ext}`);
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const s = p.data;
  return (
    <section aria-label="Statement" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Statement</h2>
          <p className="text-sm text-slate-600">Invoices, credit notes and payments on account, with what is owed and how late.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={!s || busy !== null} onClick={() => void download('pdf')}>
            <Download className="h-4 w-4" aria-hidden /> Download PDF
          </Button>
          <Button variant="outline" size="sm" disabled={!s || busy !== null} onClick={() => void download('csv')}>
            <Download className="h-4 w-4" aria-hidden /> Download CSV
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <label className="text-sm font-medium text-slate-700">
          From
          <input type="date" value={p.period.from} max={p.period.to} onChange={(e) => e.target.value && p.onPeriod({ ...p.period, from: e.target.value })} className={inputClass} aria-label="Statement from" />
        </label>
        <label className="text-sm font-medium text-slate-700">
          To
          <input type="date" value={p.period.to} min={p.period.from} max={today} onChange={(e) => e.target.value && p.onPeriod({ ...p.period, to: e.target.value })} className={inputClass} aria-label="Statement to" />
        </label>
      </div>
      {p.loading ? (
        <Spinner />
      ) : p.error || !s ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{p.error}</p>
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Figure label={`Opening balance, ${formatCalendarDay(s.from)}`} value={s.opening_balance} />
            <Figure label={`Closing balance, ${formatCalendarDay(s.to)}`} value={s.closing_balance} strong />
            <Figure label="Overdue" value={s.overdue} warn={s.overdue > 0} />
          </dl>
          <div>
            <h3 className="mb-2 text-sm font-medium text-slate-700">Ageing on {formatCalendarDay(s.to)}, by days past the due date</h3>
            <dl aria-label="Ageing" className="grid grid-cols-2 gap-2 sm:grid-cols-5">
              {BUCKETS.map(([k, label]) => (
                <div key={k} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
                  <dt className="text-xs text-slate-600">{label}</dt>
                  <dd className={`text-sm tabular-nums ${k !== 'current' && s.ageing[k] > 0 ? 'font-semibold text-red-700' : 'text-slate-900'}`}>{formatMoney(s.ageing[k])}</dd>
                </div>
              ))}
            </dl>
          </div>
          {!s.lines.length ? (
            <p className="text-sm text-slate-600">No invoices, credit notes or payments in this period.</p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
              <table className="w-full min-w-[640px] text-sm" aria-label="Statement lines">
                <thead className="bg-slate-50 text-left text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">Date</th>
                    <th scope="col" className="px-3 py-2 font-medium">Type</th>
                    <th scope="col" className="px-3 py-2 font-medium">Reference</th>
                    <th scope="col" className="px-3 py-2 font-medium">Due</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">Debit</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">Credit</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">Balance</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {s.lines.map((l, i) => (
                    <tr key={i} data-testid="statement-line">
                      <td className="whitespace-nowrap px-3 py-2 text-slate-700">{formatCalendarDay(l.date)}</td>
                      <td className="px-3 py-2 text-slate-700">{KIND[l.kind]}</td>
                      <td className="px-3 py-2 text-slate-900">
                        {l.reference}
                        {l.kind !== 'invoice' && <span className="text-slate-500"> ({l.invoice})</span>}
                      </td>
                      <td className="whitespace-nowrap px-3 py-2 text-slate-700">{l.due_date ? formatCalendarDay(l.due_date) : ''}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{l.debit ? formatMoney(l.debit) : ''}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{l.credit ? formatMoney(l.credit) : ''}</td>
                      <td className="px-3 py-2 text-right font-medium tabular-nums">{formatMoney(l.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Figure({ label, value, strong, warn }: { label: string; value: number; strong?: boolean; warn?: boolean }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={`mt-1 text-lg tabular-nums ${warn ? 'font-semibold text-red-700' : strong ? 'font-semibold text-slate-900' : 'text-slate-900'}`}>{formatMoney(value)}</dd>
    </div>
  );
}

import { useState } from 'react';
import { Link } from '../../../lib/router';
import { trpc } from '../../../lib/trpc';
import { shopDay } from '../../../../shared/domain/shop-time';
import type { ReceivablesDto } from '../../../../shared/schemas/statement.schema';
import { ErrorBox, errorText } from '../ui';
import { CsvButton, Figure, ReportTable, money, ReportSection, whole } from './report-ui';

type Row = ReceivablesDto['companies'][number];

/** What companies owe on invoice on a day, by days past due (decision 0199); each line is the company's statement on that day. */
export function ReceivablesReport() {
  const today = shopDay(new Date());
  const [asOf, setAsOf] = useState(today);
  const query = trpc.admin.reports.receivables.useQuery({ as_of: asOf }, { placeholderData: (prev) => prev });
  const d = query.data;
  return (
    <ReportSection id="receivables" title="Receivables">
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-700">
          On
          <input type="date" aria-label="Receivables on" value={asOf} max={today} onChange={(e) => e.target.value && setAsOf(e.target.value)} className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm" />
        </label>
        <CsvButton path={`/admin/reports/receivables?as_of=${asOf}&format=csv`} name={`receivables-${asOf}.csv`} />
      </div>
      {query.error && <ErrorBox message={errorText(query.error)} onRetry={() => query.refetch()} />}
      {d && (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <Figure label="Owed on invoice" value={d.totals.outstanding} format={money} testId="receivables-outstanding" note={`${whole(d.totals.companies)} ${d.totals.companies === 1 ? 'company' : 'companies'}`} />
            <Figure label="Overdue" value={d.totals.overdue} format={money} testId="receivables-overdue" note="Past the due date" />
            <Figure label="Over 90 days" value={d.totals.over_90} format={money} note="Past the due date by over 90 days" />
          </div>
          <div className="mt-4">
            <ReportTable<Row>
              caption="Receivables per company"
              rows={d.companies}
              rowKey={(r) => r.company_id}
              empty="No company owes anything on invoice on this day."
              columns={[
                { label: 'Company', value: (r) => <Link to={`/admin/companies/${r.company_id}`} className="text-emerald-800 hover:underline">{r.company_name}</Link> },
                { label: 'Terms', value: (r) => (r.payment_terms_days ? `${r.payment_terms_days} days` : 'Up front'), numeric: true },
                { label: 'Owed', value: (r) => money(r.outstanding), numeric: true },
                { label: 'Current', value: (r) => money(r.current), numeric: true },
                { label: '1-30', value: (r) => money(r.days_1_30), numeric: true },
                { label: '31-60', value: (r) => money(r.days_31_60), numeric: true },
                { label: '61-90', value: (r) => money(r.days_61_90), numeric: true },
                { label: 'Over 90', value: (r) => money(r.over_90), numeric: true },
                { label: 'Overdue', value: (r) => <span className={r.overdue > 0 ? 'font-semibold text-red-700' : ''}>{money(r.overdue)}</span>, numeric: true },
              ]}
            />
          </div>
        </>
      )}
    </ReportSection>
  );
}

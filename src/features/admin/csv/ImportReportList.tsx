import { useState } from 'react';
import type { ImportAction, ImportReport } from '../../../../shared/schemas/csv-import.schema';
import { Badge, TabBar } from '../ui';

const SHOWN = 200;

const ACTION: Record<ImportAction, { label: string; tone: 'emerald' | 'sky' | 'slate' | 'red' }> = {
  create: { label: 'New', tone: 'emerald' },
  change: { label: 'Change', tone: 'sky' },
  unchanged: { label: 'Unchanged', tone: 'slate' },
  refuse: { label: 'Refused', tone: 'red' },
};

const count = (n: number) => n.toLocaleString('en-SG');

/** The summary of a dry run (or an apply), e.g. "2 new, 1 change, 1 refused". */
export function ImportSummary({ report }: { report: ImportReport }) {
  const parts = (['create', 'change', 'unchanged', 'refuse'] as const).filter((a) => report.summary[a] > 0);
  return (
    <p className="flex flex-wrap gap-2" data-testid="import-summary">
      {parts.map((a) => (
        <Badge key={a} tone={ACTION[a].tone}>
          {count(report.summary[a])} {ACTION[a].label.toLowerCase()}
        </Badge>
      ))}
    </p>
  );
}

/** Row by row: what each line of the file would do, or why it is refused. Refused rows come first. */
export function ImportReportList({ report }: { report: ImportReport }) {
  const refused = report.summary.refuse;
  const [filter, setFilter] = useState<'refused' | 'all'>(refused ? 'refused' : 'all');
  const rows = filter === 'refused' ? report.rows.filter((r) => r.action === 'refuse') : report.rows;
  const tabs = [
    ...(refused ? [['refused', `Refused (${count(refused)})`] as const] : []),
    ['all', `All rows (${count(report.rows.length)})`] as const,
  ];
  return (
    <div className="space-y-2">
      {tabs.length > 1 && <TabBar label="Rows to show" tabs={tabs} selected={filter} onSelect={setFilter} className="" />}
      <ul aria-label="Rows of the file" className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {rows.slice(0, SHOWN).map((r) => (
          <li key={r.line} className="px-3 py-2 text-sm" data-testid={`import-row-${r.line}`}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="w-16 shrink-0 text-slate-500">Row {r.line}</span>
              <Badge tone={ACTION[r.action].tone}>{ACTION[r.action].label}</Badge>
              {r.sku && <code className="min-w-0 break-all text-xs text-slate-700">{r.sku}</code>}
            </div>
            {(r.errors.length > 0 || r.changes.length > 0) && (
              <ul className="mt-1 space-y-0.5 sm:pl-[4.75rem]">
                {r.errors.map((e) => (
                  <li key={e} className="text-red-700">{e}</li>
                ))}
                {r.changes.map((c) => (
                  <li key={c} className="text-slate-600">{c}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {rows.length > SHOWN && <p className="text-sm text-slate-500">Showing the first {SHOWN} of {count(rows.length)} rows.</p>}
    </div>
  );
}

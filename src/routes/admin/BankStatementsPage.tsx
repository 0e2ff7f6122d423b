import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import type { BankLine } from '../../../shared/schemas/bank-statements.schema';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { Pager } from '../../features/admin/Pager';
import { uploadStatement, type UploadResult } from '../../features/admin/payments/bank-statement-api';
import { Badge, Card, EmptyState, ErrorBox, PageHeader, errorText, inputClass, money } from '../../features/admin/ui';
import { Link } from '../../lib/router';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

// Payments > Bank statements (decision 0168): upload the bank's CSV export; transfers naming an
// order and equal to its total are matched by the shop; the rest wait here for a person.

const BANK_NAME: Record<UploadResult['bank'], string> = { dbs: 'DBS/POSB', ocbc: 'OCBC', uob: 'UOB', generic: 'a generic CSV' };
const PROBLEM: Record<string, string> = {
  unknown_reference: 'No order number found',
  short_payment: 'Less than the order total',
  over_payment: 'More than the order total',
  several_orders: 'Names several orders',
  order_not_payable: 'Order already paid or cancelled',
};
const STATUSES = [
  ['review', 'To review'],
  ['matched', 'Matched'],
  ['applied', 'Applied by staff'],
  ['dismissed', 'Dismissed'],
] as const;
type Status = (typeof STATUSES)[number][0];

export default function BankStatementsPage() {
  const [status, setStatus] = useState<Status>('review');
  const [page, setPage] = useState(1);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<UploadResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const lines = trpc.admin.payments.bankLines.useQuery({ status, page, page_size: 50 }, { placeholderData: (prev) => prev });

  async function upload(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return setProblem('Choose the CSV file exported from your bank first.');
    setUploading(true);
    setProblem(null);
    const answer = await uploadStatement(file);
    setUploading(false);
    if (!answer.ok) {
      setResult(null);
      setProblem(answer.detail);
      return void toast.error(answer.detail);
    }
    setResult(answer.result);
    const r = answer.result;
    toast.success(`${r.matched_count} matched, ${r.review_count} to review, ${r.already_seen} already seen`);
    if (input.current) input.current.value = '';
    setFile(null);
    void utils.admin.payments.bankLines.invalidate();
  }

  return (
    <div>
      <PageHeader title="Bank statements" subtitle="PayNow and bank transfers matched to orders from your bank's CSV export (DBS/POSB, OCBC, UOB, or a CSV with date, description, amount, reference)." />

      <Card className="mb-6">
        <form onSubmit={upload} className="flex flex-wrap items-end gap-3">
          <label className="min-w-0 flex-1 text-sm font-medium text-slate-700">
            Bank statement (CSV)
            <input
              ref={input}
              type="file"
              accept=".csv,.txt,text/csv"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className={inputClass}
              disabled={uploading}
            />
          </label>
          <Button type="submit" disabled={uploading || !file}>
            <Upload className="h-4 w-4" aria-hidden /> {uploading ? 'Uploading...' : 'Upload statement'}
          </Button>
        </form>
        {uploading && <Spinner label="Reading the statement..." />}
        {problem && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {problem}
          </p>
        )}
        {result && (
          <div className="mt-4 space-y-2" data-testid="upload-result">
            <p className="text-sm text-slate-700">
              Read {result.lines_read.toLocaleString()} line(s) from {BANK_NAME[result.bank]}: <strong>{result.matched_count} matched</strong>, <strong>{result.review_count} to review</strong>,{' '}
              {result.already_seen} already seen, {result.debits} payment(s) out skipped.
            </p>
            {result.matched.length > 0 && (
              <ul className="text-sm text-slate-700">
                {result.matched.map((m) => (
                  <li key={m.line_id}>
                    {m.date} · {money(m.amount)} paid order{' '}
                    <Link to={`/admin/orders/${m.order_id}`} className="font-mono font-semibold text-emerald-700 underline">
                      {m.order_number}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Card>

      <div className="mb-3 flex gap-1 overflow-x-auto" role="group" aria-label="Filter by status">
        {STATUSES.map(([s, label]) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
            className={`whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${status === s ? 'bg-emerald-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'}`}
          >
            {label}
          </button>
        ))}
      </div>

      {lines.error ? (
        <ErrorBox message={`Failed to load bank lines: ${errorText(lines.error)}`} onRetry={() => lines.refetch()} />
      ) : lines.isLoading ? (
        <Spinner label="Loading bank lines..." />
      ) : !lines.data?.items.length ? (
        <EmptyState title={status === 'review' ? 'No lines waiting for review' : 'No lines here yet'} text={status === 'review' ? 'Money that the shop cannot match to an order by itself appears here after an upload.' : undefined} />
      ) : (
        <>
          <ul className="space-y-3" data-testid="bank-lines">
            {lines.data.items.map((line) => (
              <BankLineRow key={line.id} line={line} />
            ))}
          </ul>
          <Pager page={page} pages={lines.data.pages} total={lines.data.total} onPage={setPage} label="lines" />
        </>
      )}
    </div>
  );
}

function BankLineRow({ line }: { line: BankLine }) {
  const utils = trpc.useUtils();
  const [orderNumber, setOrderNumber] = useState('');
  const done = (text: string) => {
    toast.success(text);
    void utils.admin.payments.bankLines.invalidate();
  };
  const apply = trpc.admin.payments.applyBankLine.useMutation({
    onSuccess: (l) => done(`Order ${l.order_number} is paid`),
    onError: (e) => toast.error(errorText(e)),
  });
  const dismiss = trpc.admin.payments.dismissBankLine.useMutation({
    onSuccess: () => done('Line dismissed'),
    onError: (e) => toast.error(errorText(e)),
  });
  const busy = apply.isPending || dismiss.isPending;
  const applyTo = (target: { order_id: string } | { order_number: string }, label: string) => {
    if (!window.confirm(`Mark order ${label} paid with ${money(line.amount)} received on ${line.date}?`)) return;
    apply.mutate({ id: line.id, ...target });
  };
  const likelyPayable = line.order_id && line.order_number && line.order_status === 'pending';

  return (
    <li>
      <Card className="space-y-2" >
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <span className="text-sm text-slate-500">{line.date}</span>
          <span className="font-semibold text-slate-900">{money(line.amount)}</span>
          {line.problem && <Badge tone="amber">{PROBLEM[line.problem] ?? line.problem}</Badge>}
          {line.status !== 'review' && <Badge tone={line.status === 'dismissed' ? 'slate' : 'emerald'}>{line.status}</Badge>}
          <span className="text-xs uppercase text-slate-400">{line.bank}</span>
        </div>
        <p className="break-words text-sm text-slate-700">
          {line.description}
          {line.reference && <span className="ml-2 font-mono text-xs text-slate-500">{line.reference}</span>}
        </p>
        {line.order_number && (
          <p className="text-sm text-slate-600">
            {line.status === 'review' ? 'Likely order' : 'Order'}:{' '}
            <Link to={`/admin/orders/${line.order_id}`} className="font-mono font-semibold text-emerald-700 underline">
              {line.order_number}
            </Link>{' '}
            · total {line.order_total !== null ? money(line.order_total) : '—'} · {line.order_status}
          </p>
        )}
        {line.status === 'review' && (
          <div className="flex flex-wrap items-center gap-2">
            {likelyPayable && (
              <Button size="sm" disabled={busy} onClick={() => applyTo({ order_id: line.order_id! }, line.order_number!)}>
                Apply to {line.order_number}
              </Button>
            )}
            <form
              className="flex items-center gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                const n = orderNumber.trim().toUpperCase();
                if (n) applyTo({ order_number: n }, n);
              }}
            >
              <input value={orderNumber} onChange={(e) => setOrderNumber(e.target.value)} placeholder="PS-20261121-4F7K2Q" aria-label={`Order number for the line of ${money(line.amount)} on ${line.date}`} className={`${inputClass} mt-0 w-52 font-mono`} />
              <Button size="sm" variant="secondary" type="submit" disabled={busy || !orderNumber.trim()}>
                Apply to this order
              </Button>
            </form>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => dismiss.mutate({ id: line.id })}>
              Dismiss
            </Button>
          </div>
        )}
      </Card>
    </li>
  );
}

import { FileUp, RotateCcw, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Link } from '../../../lib/router';
import { STOCK_ADJUSTMENT_REASONS } from '../../../../shared/constants';
import {
  MAX_IMPORT_BYTES,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_OPTIONAL,
  STOCK_IMPORT_COLUMNS,
  STOCK_IMPORT_OPTIONAL,
  type ImportReport,
} from '../../../../shared/schemas/csv-import.schema';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { Card } from '../ui';
import { sendImport, type ImportKind } from './csv-api';
import { ImportReportList, ImportSummary } from './ImportReportList';

const KINDS: Record<ImportKind, { label: string; required: readonly string[]; optional: readonly string[]; help: string; after: { to: string; label: string } }> = {
  products: {
    label: 'Products and variants',
    required: PRODUCT_IMPORT_COLUMNS,
    optional: PRODUCT_IMPORT_OPTIONAL,
    help: 'price_tiers is minimum:price pairs separated by |, e.g. 25:12.50|100:10. A row whose SKU exists changes that variant; any other row creates it (in the product of the same name, category, type and colour, or a new one). Stock is set by the stock counts import. The products export is a valid file to start from.',
    after: { to: '/admin/products', label: 'See the products' },
  },
  stock: {
    label: 'Stock counts',
    required: STOCK_IMPORT_COLUMNS,
    optional: STOCK_IMPORT_OPTIONAL,
    help: `on_hand is the counted figure for the SKU; reason is one of ${STOCK_ADJUSTMENT_REASONS.join(', ')}. Each change is written to the stock ledger. A count below what open orders hold is refused.`,
    after: { to: '/admin/inventory', label: 'See the inventory' },
  },
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Step =
  | { at: 'idle' }
  | { at: 'checking' | 'applying'; file: string }
  | { at: 'problem'; file: string; detail: string; hint?: string }
  | { at: 'checked'; file: string; bytes: ArrayBuffer; report: ImportReport; notice?: string }
  | { at: 'applied'; file: string; report: ImportReport };

/** A header-only file to start from, made in the browser. */
function downloadTemplate(kind: ImportKind) {
  const { required, optional } = KINDS[kind];
  const url = URL.createObjectURL(new Blob([`\uFEFF${[...required, ...optional].join(',')}\r\n`], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${kind}-import-template.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Choose a file -> dry run (nothing written; every row shown as new, changed, unchanged or refused
 * with the reason) -> fix the file and choose it again -> apply, all rows or none. The bytes that
 * were checked are the bytes applied, even if the file on disk changes in between.
 */
export function ImportPanel() {
  const [kind, setKind] = useState<ImportKind>('products');
  const [step, setStep] = useState<Step>({ at: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const spec = KINDS[kind];
  const busy = step.at === 'checking' || step.at === 'applying';

  function choose(k: ImportKind) {
    setKind(k);
    setStep({ at: 'idle' });
  }

  async function check(file: File) {
    if (file.size > MAX_IMPORT_BYTES) {
      return setStep({ at: 'problem', file: file.name, detail: `The file is ${mb(file.size)}; the limit is 20 MB.`, hint: 'Split it into smaller files and import them one after the other.' });
    }
    setStep({ at: 'checking', file: file.name });
    let bytes: ArrayBuffer;
    try {
      bytes = await file.arrayBuffer();
    } catch {
      return setStep({ at: 'problem', file: file.name, detail: 'The file could not be read.', hint: 'Close it in the program that has it open and choose it again.' });
    }
    const answer = await sendImport(kind, 'dry_run', bytes);
    if (answer.ok) return setStep({ at: 'checked', file: file.name, bytes, report: answer.report });
    const hint = answer.status === 413 ? 'Split it into smaller files and import them one after the other.' : answer.status === 400 ? 'Fix the file and choose it again.' : undefined;
    setStep({ at: 'problem', file: file.name, detail: answer.detail, hint });
  }

  async function apply() {
    if (step.at !== 'checked') return;
    const { file, bytes } = step;
    setStep({ at: 'applying', file });
    const answer = await sendImport(kind, 'apply', bytes);
    if (answer.ok) {
      toast.success(`${file} imported`);
      return setStep({ at: 'applied', file, report: answer.report });
    }
    // Refused at apply time (the shop changed since the dry run): nothing was written; show why.
    if (answer.report) return setStep({ at: 'checked', file, bytes, report: answer.report, notice: answer.detail });
    setStep({ at: 'problem', file, detail: answer.detail });
  }

  const pick = () => input.current?.click();

  return (
    <section aria-labelledby="import-title" className="space-y-3">
      <div>
        <h2 id="import-title" className="text-lg font-semibold text-slate-900">Import</h2>
        <p className="text-sm text-slate-600">A CSV file in UTF-8 with a header row, up to 20 MB. Nothing is written until you apply, and then every row is written or none.</p>
      </div>
      <Card className="space-y-4">
        <div role="radiogroup" aria-label="What to import" className="inline-flex rounded-lg bg-slate-100 p-1">
          {(Object.keys(KINDS) as ImportKind[]).map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={kind === k}
              disabled={busy}
              onClick={() => choose(k)}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold ${kind === k ? 'bg-white text-emerald-700 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {KINDS[k].label}
            </button>
          ))}
        </div>

        <div className="text-sm text-slate-600">
          <p>
            Columns: <span className="font-mono text-xs text-slate-900">{spec.required.join(', ')}</span>
            {spec.optional.length > 0 && (
              <>
                {' '}and optionally <span className="font-mono text-xs text-slate-900">{spec.optional.join(', ')}</span>
              </>
            )}
            .
          </p>
          <p className="mt-1">{spec.help}</p>
          <button type="button" onClick={() => downloadTemplate(kind)} className="mt-1 font-semibold text-emerald-700 underline">
            Download an empty template
          </button>
        </div>

        <input
          ref={input}
          type="file"
          accept=".csv,.txt,text/csv"
          className="sr-only"
          aria-label={`CSV file of ${spec.label.toLowerCase()}`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // so that choosing the same (fixed) file again checks it again
            if (file) void check(file);
          }}
        />

        {step.at === 'idle' && (
          <div className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
            <FileUp className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
            <p className="mt-2 font-semibold text-slate-800">Choose a CSV file of {spec.label.toLowerCase()}</p>
            <p className="text-sm text-slate-500">It is checked first: you see what each row would do before anything changes.</p>
            <Button type="button" className="mt-3" onClick={pick}>
              <Upload className="h-4 w-4" aria-hidden /> Choose file
            </Button>
          </div>
        )}

        {busy && <Spinner label={step.at === 'checking' ? `Checking ${step.file}...` : `Importing ${step.file}...`} />}

        {step.at === 'problem' && (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p className="font-semibold">{step.file} cannot be imported</p>
            <p className="mt-1">{step.detail}</p>
            {step.hint && <p className="mt-1 text-red-700">{step.hint}</p>}
            <Button type="button" variant="secondary" size="sm" className="mt-3" onClick={pick}>
              <RotateCcw className="h-4 w-4" aria-hidden /> Choose another file
            </Button>
          </div>
        )}

        {step.at === 'checked' && <DryRun step={step} onApply={apply} onPick={pick} />}

        {step.at === 'applied' && (
          <div role="status" className="space-y-3">
            <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
              <p className="font-semibold">{step.file} is imported.</p>
              <div className="mt-2">
                <ImportSummary report={step.report} />
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link to={spec.after.to} className="font-semibold text-emerald-700 underline">
                  {spec.after.label}
                </Link>
                <button type="button" onClick={pick} className="font-semibold text-emerald-700 underline">
                  Import another file
                </button>
              </div>
            </div>
          </div>
        )}
      </Card>
    </section>
  );
}

function DryRun({ step, onApply, onPick }: { step: Extract<Step, { at: 'checked' }>; onApply(): void; onPick(): void }) {
  const { report, file } = step;
  const refused = report.summary.refuse;
  const writes = report.summary.create + report.summary.change;
  return (
    <div className="space-y-3" aria-label="Dry run result" role="region">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold text-slate-900">Dry run of {file}: nothing has been written yet</p>
          <div className="mt-1">
            <ImportSummary report={report} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={onPick}>
            <RotateCcw className="h-4 w-4" aria-hidden /> {refused ? 'Choose the fixed file' : 'Choose another file'}
          </Button>
          {!refused && writes > 0 && (
            <Button type="button" onClick={onApply}>
              Apply {writes.toLocaleString('en-SG')} row{writes === 1 ? '' : 's'}
            </Button>
          )}
        </div>
      </div>
      {step.notice && <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">{step.notice}</p>}
      {refused > 0 ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {refused.toLocaleString('en-SG')} row{refused === 1 ? ' is' : 's are'} refused, so nothing can be applied yet. Fix {refused === 1 ? 'it' : 'them'} in your file (the reasons are below), save it and choose it again.
        </p>
      ) : writes === 0 ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">Nothing to import: every row already matches the shop.</p>
      ) : null}
      <ImportReportList key={`${file}-${report.rows.length}-${refused}`} report={report} />
    </div>
  );
}

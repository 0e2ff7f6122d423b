import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { downloadFile } from '../../../lib/download';
import { mayCall } from '../../../../shared/domain/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { Card, inputClass, labelClass } from '../ui';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const today = () => isoDay(new Date());
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));

interface ExportSpec {
  id: 'products' | 'orders' | 'stock-ledger';
  title: string;
  text: string;
  dated: boolean;
}

const EXPORTS: ExportSpec[] = [
  { id: 'products', title: 'Products', text: 'Every variant with its product, size, pack size, price tiers and stock (on hand, allocated, available). The file can be edited and imported again.', dated: false },
  { id: 'orders', title: 'Orders', text: 'Orders placed in the date range, one row per order line, with totals, GST and the customer.', dated: true },
  { id: 'stock-ledger', title: 'Stock ledger', text: 'Every stock movement in the date range: who, why, before and after.', dated: true },
];

/** One card per CSV download; dated ones carry their own range (whole UTC days, both included). */
function ExportCard({ spec }: { spec: ExportSpec }) {
  const [from, setFrom] = useState(daysAgo(29));
  const [to, setTo] = useState(today());
  const [busy, setBusy] = useState(false);
  const rangeError = spec.dated && (!from || !to) ? 'Choose both dates' : spec.dated && from > to ? 'The first day is after the last day' : null;

  async function download() {
    setBusy(true);
    try {
      const query = spec.dated ? `?from=${from}&to=${to}` : '';
      await downloadFile(`/admin/export/${spec.id}${query}`, `${spec.id}.csv`);
      toast.success(`${spec.title} CSV downloaded`);
    } catch (err) {
      toast.error(`Failed to download the ${spec.title.toLowerCase()}: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="flex flex-col gap-3">
      <div>
        <h3 className="font-semibold text-slate-900">{spec.title}</h3>
        <p className="mt-1 text-sm text-slate-600">{spec.text}</p>
      </div>
      {spec.dated && (
        <div className="grid grid-cols-2 gap-2">
          <label className={labelClass}>
            From
            <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} className={inputClass} aria-label={`${spec.title} from`} />
          </label>
          <label className={labelClass}>
            To
            <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} className={inputClass} aria-label={`${spec.title} to`} />
          </label>
          {rangeError && <p role="alert" className="col-span-2 text-sm text-red-600">{rangeError}</p>}
        </div>
      )}
      <Button type="button" variant="secondary" className="mt-auto self-start" onClick={download} disabled={busy || !!rangeError}>
        <Download className="h-4 w-4" aria-hidden /> {busy ? 'Preparing...' : `Download ${spec.title.toLowerCase()} CSV`}
      </Button>
    </Card>
  );
}

export function ExportPanel() {
  // The files that name customers are the owner's (docs/security.md).
  const role = useAuth().user?.role;
  const exports = EXPORTS.filter((spec) => mayCall(role, `GET /admin/export/${spec.id}`));
  return (
    <section aria-labelledby="export-title" className="space-y-3">
      <div>
        <h2 id="export-title" className="text-lg font-semibold text-slate-900">Export</h2>
        <p className="text-sm text-slate-600">CSV files in UTF-8 with a header row: Excel, Numbers and Google Sheets open them as they are. Dates are whole days in UTC.</p>
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        {exports.map((spec) => (
          <ExportCard key={spec.id} spec={spec} />
        ))}
      </div>
    </section>
  );
}

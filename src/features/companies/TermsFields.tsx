import { PAYMENT_TERMS_DAYS } from '../../../shared/domain/companies';
import { Field } from '../../components/ui/Field';

export interface Terms {
  payment_terms_days: number;
  /** Dollars as typed; empty for no limit. */
  credit_limit: string;
  /** Whether its buyers must give a PO number when they pay on invoice. */
  po_number_required: boolean;
}

/** Payment terms (0, 7, 14, 30 or 60 days), the credit limit and the PO number rule, as the owner sets them. */
export function TermsFields({ value, onChange }: { value: Terms; onChange(v: Terms): void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <label className="text-sm font-medium text-slate-700">
        Payment terms
        <select value={value.payment_terms_days} onChange={(e) => onChange({ ...value, payment_terms_days: Number(e.target.value) })} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm">
          {PAYMENT_TERMS_DAYS.map((d) => (
            <option key={d} value={d}>{d === 0 ? 'Pay up front' : `Net ${d} days`}</option>
          ))}
        </select>
      </label>
      <Field label="Credit limit (SGD)" inputMode="decimal" value={value.credit_limit} onChange={(v) => onChange({ ...value, credit_limit: v })} hint="Leave empty for no limit." />
      <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
        <input type="checkbox" className="h-4 w-4 accent-emerald-600" checked={value.po_number_required} onChange={(e) => onChange({ ...value, po_number_required: e.target.checked })} />
        Buyers must give a purchase-order number when they pay on invoice
      </label>
    </div>
  );
}

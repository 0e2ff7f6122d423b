import { FileDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { refundInput } from '../../../../shared/schemas/refunds.schema';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { downloadFile } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { useAuth } from '../../auth/AuthProvider';
import { Badge, Card, ErrorBox, errorText, inputClass, labelClass, longDate, money } from '../ui';

const PROVIDER: Record<string, string> = { stripe: 'Stripe', paynow: 'PayNow', bank_transfer: 'Bank transfer', manual: 'Recorded by staff' };
const STATUS_TONE = { succeeded: 'emerald', pending: 'amber', failed: 'red' } as const;

type Field = 'amount' | 'reason' | 'reference' | 'restock';
type CreditNote = { number: string; amount: number; issued_at: string; pdf_url: string };

/** "amount: at most ..." from the server names its field; anything else is the form's. */
function fieldOf(detail: string): Field | null {
  const m = /^(amount|reason|reference|restock)\b/.exec(detail);
  return m ? (m[1] as Field) : null;
}

/**
 * Payments and refunds of an order in the back office (decision 0166): what was received, what was
 * given back, the credit notes, and for the owner a refund form (staff see, the owner refunds).
 */
export function PaymentsPanel({ orderId, status, creditNotes, onRefunded }: { orderId: string; status: string; creditNotes: CreditNote[]; onRefunded(): Promise<void> | void }) {
  const { isAdmin } = useAuth();
  const utils = trpc.useUtils();
  const payments = trpc.admin.payments.list.useQuery({ id: orderId });
  const refunds = trpc.admin.payments.refunds.useQuery({ id: orderId });
  const refund = trpc.admin.payments.refund.useMutation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [restock, setRestock] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  // Marking the order paid (or cancelling it) on this page changes what was received and what is left.
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current === status) return;
    seen.current = status;
    void utils.admin.payments.invalidate();
  }, [status, utils]);
  const left = refunds.data?.refundable ?? 0;
  useEffect(() => setAmount(left > 0 ? left.toFixed(2) : ''), [left]);

  if (payments.isLoading || refunds.isLoading) return <Card><Spinner label="Loading payments..." /></Card>;
  if (payments.error || refunds.error) return <Card><ErrorBox message={`Failed to load payments: ${errorText(payments.error ?? refunds.error)}`} /></Card>;
  const p = payments.data!;
  const stripePaid = p.items.some((x) => x.provider === 'stripe');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const input = { id: orderId, amount: Number(amount), reason, restock, reference: stripePaid ? undefined : reference.trim() || undefined };
    const parsed = refundInput.safeParse(input);
    const found: typeof errors = {};
    if (!parsed.success) for (const i of parsed.error.issues) found[(i.path[0] as Field) ?? 'form'] ??= i.message;
    if (!stripePaid && !reference.trim()) found.reference ??= 'Please enter the reference of the transfer you sent';
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const r = await refund.mutateAsync(parsed.data!);
      toast.success(`Refunded ${money(r.amount)}${r.credit_note ? `; credit note ${r.credit_note.number}` : ''}${r.status === 'pending' ? ' (pending at Stripe)' : ''}`);
      setReason('');
      setReference('');
      setRestock(false);
      await Promise.all([utils.admin.payments.invalidate(), onRefunded()]);
    } catch (err) {
      const detail = errorText(err);
      const field = fieldOf(detail);
      setErrors(field ? { [field]: detail.replace(/^\w+: /, '') } : { form: detail });
      toast.error(`Refund failed: ${detail}`);
    }
  }

  const fieldError = (f: Field) => errors[f] && <span id={`refund-${f}-error`} className="mt-1 block text-xs font-normal text-red-700">{errors[f]}</span>;

  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">Payments and refunds</h2>
      <section aria-label="Payments received" className="text-sm">
        {p.items.length === 0 ? (
          <p className="text-slate-600">{p.paid > 0 ? `${money(p.paid)} marked paid by staff` : 'No payment received yet.'}</p>
        ) : (
          <ul className="space-y-1">
            {p.items.map((x) => (
              <li key={x.id} className="flex justify-between gap-2">
                <span>{PROVIDER[x.provider] ?? x.provider}{x.method && x.method !== x.provider ? ` (${x.method})` : ''}{x.reference ? `, ref ${x.reference}` : ''} · {longDate(x.paid_at)}</span>
                <span className="font-medium">{money(x.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {refunds.data!.items.length > 0 && (
        <section aria-label="Refunds" className="mt-3 border-t border-slate-100 pt-3 text-sm">
          <h3 className="mb-1 font-medium text-slate-800">Refunds</h3>
          <ul className="space-y-2" data-testid="refund-list">
            {refunds.data!.items.map((r) => (
              <li key={r.id}>
                <div className="flex justify-between gap-2">
                  <span>{longDate(r.created_at)} <Badge tone={STATUS_TONE[r.status]}>{r.status}</Badge></span>
                  <span className="font-medium">-{money(r.amount)}</span>
                </div>
                <p className="text-xs text-slate-500">{r.reason}{r.reference ? ` · ref ${r.reference}` : ''}{r.restock ? ' · restocked' : ''}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {creditNotes.length > 0 && (
        <section aria-label="Credit notes" className="mt-3 border-t border-slate-100 pt-3 text-sm">
          <h3 className="mb-1 font-medium text-slate-800">Credit notes</h3>
          <ul className="space-y-1">
            {creditNotes.map((c) => (
              <li key={c.number} className="flex items-center justify-between gap-2">
                <button
                  type="button"
                  className="inline-flex items-center gap-1 font-mono text-emerald-700 underline hover:text-emerald-800"
                  onClick={() => downloadFile(c.pdf_url.replace(/^\/api/, ''), `${c.number}.pdf`).catch((err: Error) => toast.error(`Failed to download the credit note: ${err.message}`))}
                >
                  <FileDown className="h-4 w-4" aria-hidden /> {c.number}
                </button>
                <span>{longDate(c.issued_at)} · {money(c.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="mt-3 border-t border-slate-100 pt-3 text-sm text-slate-600">Left to refund: <strong data-testid="refundable">{money(left)}</strong></p>
      {isAdmin && left > 0 && (
        <form onSubmit={submit} noValidate className="mt-3 space-y-3" aria-label="Refund">
          <label className={labelClass}>
            Amount (S$)
            <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" className={inputClass} aria-invalid={!!errors.amount} aria-describedby={errors.amount ? 'refund-amount-error' : undefined} />
            {fieldError('amount')}
          </label>
          <label className={labelClass}>
            Reason
            <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} className={inputClass} aria-invalid={!!errors.reason} aria-describedby={errors.reason ? 'refund-reason-error' : undefined} />
            {fieldError('reason')}
          </label>
          {!stripePaid && (
            <label className={labelClass}>
              Transfer reference
              <input value={reference} onChange={(e) => setReference(e.target.value)} maxLength={100} placeholder="The reference of the transfer you sent back" className={inputClass} aria-invalid={!!errors.reference} aria-describedby={errors.reference ? 'refund-reference-error' : undefined} />
              {fieldError('reference')}
            </label>
          )}
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} /> Put the goods back in stock
          </label>
          {fieldError('restock')}
          {errors.form && <p role="alert" className="text-sm text-red-700">{errors.form}</p>}
          <Button type="submit" variant="danger" disabled={refund.isPending}>{stripePaid ? 'Refund through Stripe' : 'Record refund'}</Button>
        </form>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { formatCalendarDay } from '../../../../shared/domain/shop-time';
import { INVOICE_PAYMENT_METHODS, recordPaymentInput } from '../../../../shared/schemas/refunds.schema';
import type { OrderDto } from '../../../../shared/schemas/order.schema';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { Badge, Card, errorText, inputClass, labelClass, money } from '../ui';

const METHOD_LABEL: Record<(typeof INVOICE_PAYMENT_METHODS)[number], string> = {
  bank_transfer: 'Bank transfer',
  paynow: 'PayNow',
  cheque: 'Cheque',
  cash: 'Cash',
  card: 'Card',
  other: 'Other',
};
const STATE = { unpaid: ['Not paid yet', 'amber'], partially_paid: ['Partly paid', 'sky'], paid: ['Paid in full', 'emerald'] } as const;

type Field = 'amount' | 'method' | 'reference' | 'paid_on';

/**
 * An order on invoice in the back office (decision 0201): its PO number, due date and balance, and
 * a form for staff to record money received against it, in part or in full.
 */
export function InvoicePaymentPanel({ orderId, total, invoice, onRecorded }: { orderId: string; total: number; invoice: NonNullable<OrderDto['invoice']>; onRecorded(): Promise<unknown> }) {
  const utils = trpc.useUtils();
  const record = trpc.admin.payments.record.useMutation();
  const [amount, setAmount] = useState(invoice.amount_due > 0 ? invoice.amount_due.toFixed(2) : '');
  const [method, setMethod] = useState<(typeof INVOICE_PAYMENT_METHODS)[number]>('bank_transfer');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [label, tone] = STATE[invoice.state];

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = recordPaymentInput.safeParse({ id: orderId, amount: Number(amount), method, reference: reference.trim() || undefined, paid_on: paidOn || undefined });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const i of parsed.error.issues) found[(i.path[0] as Field) ?? 'form'] ??= i.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await record.mutateAsync(parsed.data);
      toast.success(`Recorded ${money(parsed.data.amount)} against the invoice`);
      setReference('');
      await Promise.all([onRecorded(), utils.admin.payments.invalidate()]);
    } catch (err) {
      setErrors({ form: errorText(err) });
    }
  }

  return (
    <Card>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">Pay on invoice</h2>
        <span data-testid="invoice-state"><Badge tone={tone}>{label}</Badge></span>
      </div>
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between gap-2"><dt className="text-slate-500">PO number</dt><dd className="break-all font-mono">{invoice.po_number ?? '-'}</dd></div>
        <div className="flex justify-between gap-2"><dt className="text-slate-500">Due date</dt><dd>{formatCalendarDay(invoice.due_date)}</dd></div>
        <div className="flex justify-between gap-2"><dt className="text-slate-500">Paid</dt><dd>{money(invoice.amount_paid)} of {money(total)}</dd></div>
        <div className="flex justify-between gap-2 font-semibold"><dt>Balance due</dt><dd data-testid="invoice-balance">{money(invoice.amount_due)}</dd></div>
      </dl>
      {invoice.amount_due > 0 && (
        <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-3 border-t border-slate-100 pt-3" aria-label="Record a payment" noValidate>
          <h3 className="text-sm font-semibold text-slate-900">Record a payment</h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className={labelClass}>
              Amount (SGD)
              <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" className={inputClass} aria-invalid={errors.amount ? true : undefined} />
              {errors.amount && <span className="mt-1 block text-xs font-normal text-red-700">{errors.amount}</span>}
            </label>
            <label className={labelClass}>
              Received by
              <select value={method} onChange={(e) => setMethod(e.target.value as typeof method)} className={inputClass}>
                {INVOICE_PAYMENT_METHODS.map((m) => <option key={m} value={m}>{METHOD_LABEL[m]}</option>)}
              </select>
            </label>
            <label className={labelClass}>
              Reference <span className="font-normal text-slate-500">(optional)</span>
              <input value={reference} onChange={(e) => setReference(e.target.value)} maxLength={100} placeholder="Transfer reference, cheque no." className={inputClass} />
              {errors.reference && <span className="mt-1 block text-xs font-normal text-red-700">{errors.reference}</span>}
            </label>
            <label className={labelClass}>
              Received on <span className="font-normal text-slate-500">(today if empty)</span>
              <input type="date" value={paidOn} onChange={(e) => setPaidOn(e.target.value)} className={inputClass} />
              {errors.paid_on && <span className="mt-1 block text-xs font-normal text-red-700">{errors.paid_on}</span>}
            </label>
          </div>
          {errors.form && <p role="alert" className="text-sm text-red-700">{errors.form}</p>}
          <Button type="submit" size="sm" disabled={record.isPending}>{record.isPending ? 'Recording...' : 'Record payment'}</Button>
        </form>
      )}
    </Card>
  );
}

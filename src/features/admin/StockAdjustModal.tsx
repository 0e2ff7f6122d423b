import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { STOCK_ADJUSTMENT_REASONS } from '../../../shared/constants';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Modal, errorText, inputClass, labelClass } from './ui';
import { FormActions } from '../../components/ui/FormActions';

type Row = RouterOutputs['admin']['inventory']['page']['items'][number];
type StockType = 'on_hand' | 'allocated' | 'safety_stock';

const REASON_LABEL: Record<string, string> = {
  manual_adjustment: 'Manual adjustment',
  purchase_received: 'Purchase received',
  customer_return: 'Customer return',
  damaged: 'Damaged',
  lost: 'Lost',
  found: 'Found',
  recount: 'Recount',
};

export function StockAdjustModal({ row, onClose, onDone }: { row: Row | null; onClose(): void; onDone(): void }) {
  const [type, setType] = useState<'change' | 'set'>('change');
  const [stock, setStock] = useState<StockType>('on_hand');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<(typeof STOCK_ADJUSTMENT_REASONS)[number]>('purchase_received');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState('');
  const adjust = trpc.admin.inventory.adjust.useMutation();

  useEffect(() => {
    setType('change');
    setStock('on_hand');
    setAmount('');
    setNotes('');
    setError('');
  }, [row?.variant_id]);

  if (!row) return null;
  const current = stock === 'on_hand' ? row.on_hand : stock === 'allocated' ? row.allocated : row.safety_stock;
  const n = Number(amount);
  const valid = amount.trim() !== '' && Number.isInteger(n);
  const result = type === 'set' ? n : current + n;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!valid) return setError('The amount must be a whole number');
    if (!notes.trim()) return setError('Please provide notes for this adjustment');
    if (result < 0) return setError('The result cannot go below 0');
    setError('');
    try {
      await adjust.mutateAsync({ variant_id: row!.variant_id, adjustment_type: type, reason, notes, [`${stock}_${type === 'set' ? 'value' : 'change'}`]: n });
      onDone();
    } catch (err) {
      toast.error(`Failed to adjust stock${errorText(err) ? `: ${errorText(err)}` : ''}`);
    }
  }

  return (
    <Modal title="Adjust stock" open onClose={onClose}>
      <form onSubmit={submit} className="space-y-4">
        <div>
          <p className="font-medium text-slate-900">{row.product_name}</p>
          <p className="font-mono text-xs text-slate-500">{row.sku}</p>
          <p className="mt-1 text-sm text-slate-600">
            On hand {row.on_hand} · Allocated {row.allocated} · Safety {row.safety_stock} · Available {row.available}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <label className={labelClass}>
            Adjustment type
            <select value={type} onChange={(e) => setType(e.target.value as 'change' | 'set')} className={inputClass}>
              <option value="change">Change (+/-)</option>
              <option value="set">Set to</option>
            </select>
          </label>
          <label className={labelClass}>
            Stock type
            <select value={stock} onChange={(e) => setStock(e.target.value as StockType)} className={inputClass}>
              <option value="on_hand">On hand</option>
              <option value="allocated">Allocated</option>
              <option value="safety_stock">Safety stock</option>
            </select>
          </label>
        </div>
        <label className={labelClass}>
          {type === 'set' ? 'New value' : 'Amount (negative to remove)'}
          <input type="number" step={1} min={type === 'set' ? 0 : undefined} value={amount} onChange={(e) => setAmount(e.target.value)} className={inputClass} required />
        </label>
        {valid && (
          <p className="text-sm text-slate-600">
            {current} → <span className={result < 0 ? 'font-semibold text-red-600' : 'font-semibold text-slate-900'}>{result}</span>
          </p>
        )}
        <label className={labelClass}>
          Reason
          <select value={reason} onChange={(e) => setReason(e.target.value as typeof reason)} className={inputClass}>
            {STOCK_ADJUSTMENT_REASONS.map((r) => (
              <option key={r} value={r}>
                {REASON_LABEL[r]}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Notes
          <textarea value={notes} onChange={(e) => setNotes(e.target.value)} rows={2} className={inputClass} placeholder="e.g. Delivery from supplier, PO 1234" />
        </label>
        {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
        <FormActions onCancel={onClose} busy={adjust.isPending} saveLabel="Save adjustment" />
      </form>
    </Modal>
  );
}

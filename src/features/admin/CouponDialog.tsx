import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { usageLimit } from '../../../shared/schemas/coupons.schema';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Modal, errorText, inputClass, labelClass } from './ui';
import { FormActions } from '../../components/ui/FormActions';

type Coupon = RouterOutputs['admin']['coupons']['list'][number];
const YEAR_MS = 31_536_000_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
const TOTAL_USES = 'Total uses';
const USES_PER_CUSTOMER = 'Uses per customer';
/** An empty box is no limit; anything else is checked with the server's own rule and words. */
const limitField = (label: string, text: string) => usageLimit(label).safeParse(text.trim() === '' ? null : Number(text));

/** Add or edit a coupon; validity defaults to today for 365 days (docs/spec/back-office.md section 9). */
export function CouponDialog({ open, coupon, onClose, onSaved }: { open: boolean; coupon: Coupon | null; onClose(): void; onSaved(): void }) {
  const [code, setCode] = useState('');
  const [type, setType] = useState<'percent' | 'fixed'>('percent');
  const [value, setValue] = useState('');
  const [minOrder, setMinOrder] = useState('0');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [active, setActive] = useState(true);
  const [limit, setLimit] = useState('');
  const [perCustomer, setPerCustomer] = useState('');
  const [error, setError] = useState('');
  const create = trpc.admin.coupons.create.useMutation();
  const update = trpc.admin.coupons.update.useMutation();

  useEffect(() => {
    if (!open) return;
    const now = new Date();
    setCode(coupon?.code ?? '');
    setType(coupon?.type ?? 'percent');
    setValue(coupon ? String(coupon.value) : '');
    setMinOrder(coupon ? String(coupon.min_order_amount) : '0');
    setFrom(coupon ? coupon.valid_from.slice(0, 10) : day(now));
    setTo(coupon ? coupon.valid_to.slice(0, 10) : day(new Date(now.getTime() + YEAR_MS)));
    setActive(coupon?.is_active ?? true);
    setLimit(coupon?.usage_limit != null ? String(coupon.usage_limit) : '');
    setPerCustomer(coupon?.usage_limit_per_customer != null ? String(coupon.usage_limit_per_customer) : '');
    setError('');
  }, [open, coupon]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const v = Number(value);
    const total = limitField(TOTAL_USES, limit);
    const each = limitField(USES_PER_CUSTOMER, perCustomer);
    const problem = !code.trim()
      ? 'Coupon code is required'
      : !(v > 0)
        ? 'Discount value must be greater than 0'
        : type === 'percent' && v > 100
          ? 'Percentage discount cannot exceed 100%'
          : !from
            ? 'Valid from is required'
            : !to
              ? 'Valid to is required'
              : !total.success
                ? total.error.issues[0].message
                : !each.success
                  ? each.error.issues[0].message
                  : '';
    if (problem) return setError(problem);
    setError('');
    const body = {
      code: code.trim(),
      type,
      value: v,
      min_order_amount: Number(minOrder) || 0,
      valid_from: new Date(`${from}T00:00:00`).toISOString(),
      valid_to: new Date(`${to}T23:59:59`).toISOString(),
      is_active: active,
      usage_limit: total.data ?? null,
      usage_limit_per_customer: each.data ?? null,
    };
    try {
      if (coupon) await update.mutateAsync({ id: coupon.id, ...body });
      else await create.mutateAsync(body);
      toast.success(coupon ? 'Coupon updated successfully' : 'Coupon created successfully');
      onSaved();
    } catch (err) {
      toast.error(`Failed to save coupon: ${errorText(err)}`);
    }
  }

  const busy = create.isPending || update.isPending;
  return (
    <Modal title={coupon ? 'Edit Coupon' : 'Add Coupon'} open={open} onClose={onClose}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <label className={labelClass}>
          Coupon code
          <input value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} placeholder="SAVE10" className={`${inputClass} font-mono uppercase`} autoFocus />
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className={labelClass}>
            Discount type
            <select value={type} onChange={(e) => setType(e.target.value as 'percent' | 'fixed')} className={inputClass}>
              <option value="percent">Percentage (%)</option>
              <option value="fixed">Fixed amount ($)</option>
            </select>
          </label>
          <label className={labelClass}>
            {type === 'percent' ? 'Discount (%)' : 'Discount ($)'}
            <input type="number" min={0} max={type === 'percent' ? 100 : undefined} step="0.01" value={value} onChange={(e) => setValue(e.target.value)} className={inputClass} />
          </label>
        </div>
        <label className={labelClass}>
          Minimum order ($)
          <input type="number" min={0} step="0.01" value={minOrder} onChange={(e) => setMinOrder(e.target.value)} className={inputClass} />
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className={labelClass}>
            Valid from
            <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} className={inputClass} />
          </label>
          <label className={labelClass}>
            Valid to
            <input type="date" value={to} onChange={(e) => setTo(e.target.value)} className={inputClass} />
          </label>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <label className={labelClass}>
            {TOTAL_USES}
            <input type="number" min={1} step={1} value={limit} onChange={(e) => setLimit(e.target.value)} placeholder="No limit" className={inputClass} />
          </label>
          <label className={labelClass}>
            {USES_PER_CUSTOMER}
            <input type="number" min={1} step={1} value={perCustomer} onChange={(e) => setPerCustomer(e.target.value)} placeholder="No limit" className={inputClass} />
          </label>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="h-4 w-4 accent-emerald-600" />
          Active
        </label>
        {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
        <FormActions onCancel={onClose} busy={busy} saveLabel={coupon ? 'Update Coupon' : 'Create Coupon'} />
      </form>
    </Modal>
  );
}

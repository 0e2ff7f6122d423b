import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { UNPAID_ORDER_HOURS_MAX, UNPAID_ORDER_HOURS_MIN, type PaymentSettings } from '../../../shared/schemas/payment-settings.schema';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { trpc } from '../../lib/trpc';
import { Card, ErrorBox, errorText, inputClass, labelClass } from './ui';

type TextKey = Exclude<keyof PaymentSettings, 'unpaid_order_hours'>;

const hint = (text: string) => <span className="mt-1 block text-xs font-normal text-slate-500">{text}</span>;

/**
 * PayNow and bank transfer (admins only). Left empty, checkout keeps the "payment coming soon" note;
 * set, checkout, the order pages and the confirmation e-mail show how to pay. And the hours after
 * which an unpaid order is cancelled (decision 0167).
 */
export function PaymentSettingsCard() {
  const settings = trpc.admin.paymentSettings.get.useQuery();
  const save = trpc.admin.paymentSettings.update.useMutation();
  const utils = trpc.useUtils();
  const [form, setForm] = useState<PaymentSettings | null>(null);
  // The hours as typed, so the field can be emptied while editing; the server checks the number.
  const [hours, setHours] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) {
      setForm(settings.data);
      setHours(String(settings.data.unpaid_order_hours));
    }
  }, [settings.data]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    setError(null);
    try {
      const saved = await save.mutateAsync({ ...form, unpaid_order_hours: hours.trim() === '' ? NaN : Number(hours) });
      utils.admin.paymentSettings.get.setData(undefined, saved);
      void utils.admin.setup.checklist.invalidate();
      setForm(saved);
      setHours(String(saved.unpaid_order_hours));
      toast.success('Payment settings saved');
    } catch (err) {
      setError(errorText(err));
      toast.error(`Failed to save payment settings: ${errorText(err)}`);
    }
  }

  const text = (key: TextKey, label: string, extra?: { hint?: string; placeholder?: string; maxLength?: number }) => (
    <label className={labelClass}>
      {label}
      <input value={form![key]} onChange={(e) => setForm({ ...form!, [key]: e.target.value })} className={inputClass} placeholder={extra?.placeholder} maxLength={extra?.maxLength} />
      {extra?.hint && hint(extra.hint)}
    </label>
  );

  return (
    <section aria-labelledby="payments-heading" className="mt-8">
      <h2 id="payments-heading" className="text-lg font-semibold text-slate-900">Payments</h2>
      <p className="mb-3 text-sm text-slate-600">
        Leave these empty and checkout says that payment is coming soon. With PayNow set, shoppers see a QR code for the exact order total with the order number as reference.
      </p>
      {settings.error ? <ErrorBox message={`Failed to load payment settings: ${errorText(settings.error)}`} onRetry={() => settings.refetch()} /> : !form ? <Spinner /> : (
        <Card className="max-w-2xl">
          <form onSubmit={onSubmit} className="space-y-4" noValidate>
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-900">PayNow</legend>
              <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
                <label className={labelClass}>
                  PayNow to
                  <select value={form.paynow_proxy_type} onChange={(e) => setForm({ ...form, paynow_proxy_type: e.target.value as 'uen' | 'mobile' })} className={inputClass}>
                    <option value="uen">UEN</option>
                    <option value="mobile">Mobile number</option>
                  </select>
                </label>
                {text('paynow_proxy', form.paynow_proxy_type === 'uen' ? 'PayNow UEN' : 'PayNow mobile number', {
                  placeholder: form.paynow_proxy_type === 'uen' ? 'e.g. 201912345K' : 'e.g. +65 9123 4567',
                  hint: form.paynow_proxy_type === 'uen' ? 'The UEN registered for PayNow with your bank' : 'A Singapore mobile number registered for PayNow',
                  maxLength: 20,
                })}
              </div>
              {text('paynow_payee_name', 'Payee name', { hint: 'Shown in the payer’s banking app; at most 25 characters', placeholder: 'e.g. PackShop Pte Ltd', maxLength: 25 })}
            </fieldset>
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-900">Bank transfer (optional)</legend>
              {text('bank_name', 'Bank', { placeholder: 'e.g. DBS Bank' })}
              <div className="grid gap-3 sm:grid-cols-2">
                {text('bank_account_name', 'Account name')}
                {text('bank_account_number', 'Account number', { placeholder: 'e.g. 012-345678-9' })}
              </div>
            </fieldset>
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-900">Unpaid orders</legend>
              <label className={`${labelClass} max-w-xs`}>
                Cancel unpaid orders after (hours)
                <input
                  type="number"
                  inputMode="numeric"
                  min={UNPAID_ORDER_HOURS_MIN}
                  max={UNPAID_ORDER_HOURS_MAX}
                  step={1}
                  required
                  value={hours}
                  onChange={(e) => setHours(e.target.value)}
                  className={inputClass}
                />
                {hint('Unpaid orders are cancelled after this many hours; a reminder is sent halfway.')}
              </label>
            </fieldset>
            {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
            <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save payment settings'}</Button>
          </form>
        </Card>
      )}
    </section>
  );
}

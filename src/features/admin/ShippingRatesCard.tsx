import { useEffect, useState, type FormEvent } from 'react';
import type { ShippingRulesDto } from '../../../shared/schemas/shipping.schema';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { Card, ErrorBox, errorText, inputClass, labelClass } from './ui';

type Country = keyof ShippingRulesDto;
type Rule = ShippingRulesDto[Country];
/** The form keeps what is typed; an empty free-shipping threshold means never free. */
type RuleForm = Record<keyof Rule, string>;

const COUNTRIES: { id: Country; name: string }[] = [
  { id: 'SG', name: 'Singapore' },
  { id: 'MY', name: 'Malaysia' },
];

const toForm = (r: Rule): RuleForm => ({
  base_fee: String(r.base_fee),
  included_weight_kg: String(r.included_weight_kg),
  per_extra_kg_fee: String(r.per_extra_kg_fee),
  free_shipping_threshold: r.free_shipping_threshold === null ? '' : String(r.free_shipping_threshold),
});
const fromForm = (f: RuleForm): Rule => ({
  base_fee: Number(f.base_fee),
  included_weight_kg: Number(f.included_weight_kg),
  per_extra_kg_fee: Number(f.per_extra_kg_fee),
  free_shipping_threshold: f.free_shipping_threshold.trim() === '' ? null : Number(f.free_shipping_threshold),
});

const FIELDS: { key: keyof Rule; label: string; hint: string }[] = [
  { key: 'base_fee', label: 'Fee (S$)', hint: 'Charged on every order below the free-shipping threshold' },
  { key: 'included_weight_kg', label: 'Weight included (kg)', hint: '0 = one fee whatever the weight' },
  { key: 'per_extra_kg_fee', label: 'Each extra kg (S$)', hint: 'Per started kilogram above that' },
  { key: 'free_shipping_threshold', label: 'Free from (S$)', hint: 'Subtotal from which shipping is free; empty = never free' },
];

/** The shipping rates per country (admins only); carts use them at once (decision 0033). */
export function ShippingRatesCard() {
  const rules = trpc.admin.shipping.get.useQuery();
  const save = trpc.admin.shipping.update.useMutation();
  const utils = trpc.useUtils();
  const [form, setForm] = useState<Record<Country, RuleForm> | null>(null);
  useEffect(() => {
    if (rules.data) setForm({ SG: toForm(rules.data.SG), MY: toForm(rules.data.MY) });
  }, [rules.data]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    try {
      const saved = await save.mutateAsync({ SG: fromForm(form.SG), MY: fromForm(form.MY) });
      utils.admin.shipping.get.setData(undefined, saved);
      await utils.admin.setup.checklist.invalidate();
      toast.success('Shipping rates saved');
    } catch (err) {
      toast.error(`Failed to save shipping rates: ${errorText(err)}`);
    }
  }

  return (
    <Card className="mt-6 max-w-2xl">
      <h2 className="mb-1 font-semibold text-slate-900">Shipping rates</h2>
      <p className="mb-4 text-sm text-slate-600">What checkout charges for delivery, per country. Prices include GST.</p>
      {rules.error ? (
        <ErrorBox message={`Failed to load shipping rates: ${errorText(rules.error)}`} onRetry={() => rules.refetch()} />
      ) : !form ? (
        <Spinner />
      ) : (
        <form onSubmit={onSubmit} className="space-y-5">
          {COUNTRIES.map((c) => (
            <fieldset key={c.id} className="grid gap-3 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold text-slate-800">{c.name}</legend>
              {FIELDS.map((f) => (
                <label key={f.key} className={labelClass}>
                  {f.label}
                  <input
                    type="number"
                    min={0}
                    step={f.key === 'included_weight_kg' ? 0.1 : 0.01}
                    inputMode="decimal"
                    required={f.key !== 'free_shipping_threshold'}
                    aria-label={`${c.name}: ${f.label}`}
                    value={form[c.id][f.key]}
                    onChange={(e) => setForm({ ...form, [c.id]: { ...form[c.id], [f.key]: e.target.value } })}
                    className={inputClass}
                  />
                  <span className="mt-1 block text-xs font-normal text-slate-500">{f.hint}</span>
                </label>
              ))}
            </fieldset>
          ))}
          <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save shipping rates'}</Button>
        </form>
      )}
    </Card>
  );
}

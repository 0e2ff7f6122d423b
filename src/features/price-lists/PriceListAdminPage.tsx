import { useEffect, useState } from 'react';
import { parsePriceListRows, priceListRowsText } from '../../../shared/domain/price-list-rows';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { Link, useNavigate, useParams } from '../../lib/router';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/AuthProvider';
import { ErrorBox, PageHeader, errorText, inputClass, labelClass } from '../admin/ui';

/** Back office: one price list: its name, the percentage off, and its listed prices as rows (owner changes). */
export default function PriceListAdminPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const owner = user?.role === 'admin';
  const got = trpc.admin.priceLists.get.useQuery({ id });
  const utils = trpc.useUtils();
  const update = trpc.admin.priceLists.update.useMutation();
  const remove = trpc.admin.priceLists.delete.useMutation();
  const navigate = useNavigate();
  const [form, setForm] = useState<{ name: string; percent_off: string; rows: string } | null>(null);
  useEffect(() => {
    const p = got.data;
    if (p) setForm({ name: p.name, percent_off: String(p.percent_off), rows: priceListRowsText(p.items) });
  }, [got.data]);
  if (got.error) return <ErrorBox message={errorText(got.error)} onRetry={() => got.refetch()} />;
  if (!got.data || !form) return <Spinner />;

  async function save() {
    if (!form) return;
    const parsed = parsePriceListRows(form.rows);
    if ('error' in parsed) return toast.error(parsed.error);
    try {
      await update.mutateAsync({ id, name: form.name, percent_off: form.percent_off.trim() || '0', items: parsed.items });
      toast.success('Price list saved');
      await utils.admin.priceLists.get.invalidate({ id });
    } catch (err) {
      toast.error(errorText(err));
    }
  }
  async function onDelete() {
    if (!window.confirm(`Delete ${got.data?.name}? Its companies go back to the list price.`)) return;
    try {
      await remove.mutateAsync({ id });
      toast.success('Price list deleted');
      navigate('/admin/price-lists');
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader title={got.data.name} subtitle={<Link to="/admin/price-lists" className="text-emerald-800 hover:underline">All price lists</Link>} />
      <form className="space-y-4 rounded-xl border border-slate-200 bg-white p-4" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Price list name" required maxLength={120} value={form.name} onChange={(name) => setForm({ ...form, name })} />
          <Field label="Percentage off everything else" inputMode="decimal" value={form.percent_off} onChange={(percent_off) => setForm({ ...form, percent_off })} hint="0 to 99.99, off the list price of every SKU not listed below." />
        </div>
        <label className={labelClass}>
          Listed prices
          <textarea rows={8} value={form.rows} onChange={(e) => setForm({ ...form, rows: e.target.value })} className={`${inputClass} font-mono`} aria-describedby="rows-hint" />
        </label>
        <p id="rows-hint" className="text-sm text-slate-600">One tier a row: SKU, price in dollars, minimum quantity. A listed SKU needs a row starting at 1; its rows replace its list tiers.</p>
        {got.data.items.length > 0 && (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Listed prices beside the list price">
            {got.data.items.map((it) => (
              <li key={it.variant_id} className="flex flex-wrap gap-x-4 py-1" data-testid="listed-price">
                <span className="font-mono">{it.sku}</span>
                <span className="flex-1 text-slate-700">{it.product_name}</span>
                <span>{it.tiers.map((t) => `$${t.price.toFixed(2)} from ${t.min_quantity}`).join(', ')}</span>
                <span className="text-slate-500">list {it.list_tiers.map((t) => `$${t.price.toFixed(2)}`).join(' / ')}</span>
              </li>
            ))}
          </ul>
        )}
        {owner && (
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={update.isPending}>Save price list</Button>
            <Button type="button" variant="secondary" onClick={() => void onDelete()} disabled={remove.isPending}>Delete</Button>
          </div>
        )}
      </form>
    </div>
  );
}

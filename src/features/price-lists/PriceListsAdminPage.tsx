import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { Link, useNavigate } from '../../lib/router';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/AuthProvider';
import { Pager } from '../admin/Pager';
import { EmptyState, ErrorBox, PageHeader, errorText } from '../admin/ui';

/** Back office: the price lists (contract prices, decision 0193), and a form to start one (owner only). */
export default function PriceListsAdminPage() {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ name: string; percent_off: string } | null>(null);
  const list = trpc.admin.priceLists.list.useQuery({ page, page_size: 25 }, { placeholderData: (p) => p });
  const create = trpc.admin.priceLists.create.useMutation();
  const navigate = useNavigate();

  async function save() {
    if (!form) return;
    try {
      const p = await create.mutateAsync({ name: form.name, percent_off: form.percent_off.trim() || '0' });
      toast.success(`${p.name} created`);
      navigate(`/admin/price-lists/${p.id}`);
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  return (
    <div>
      <PageHeader title="Price lists" subtitle={list.data ? `${list.data.total} price list${list.data.total === 1 ? '' : 's'}` : undefined} actions={user?.role === 'admin' && !form ? <Button onClick={() => setForm({ name: '', percent_off: '' })}>New price list</Button> : undefined} />
      {form && (
        <form className="mb-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4" onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <h2 className="text-lg font-semibold text-slate-900">New price list</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Price list name" required maxLength={120} value={form.name} onChange={(name) => setForm({ ...form, name })} />
            <Field label="Percentage off everything else" inputMode="decimal" value={form.percent_off} onChange={(percent_off) => setForm({ ...form, percent_off })} hint="0 to 99.99; listed prices are added next." />
          </div>
          <div className="flex gap-3">
            <Button type="submit" disabled={create.isPending}>Create price list</Button>
            <Button type="button" variant="secondary" onClick={() => setForm(null)}>Cancel</Button>
          </div>
        </form>
      )}
      {list.error ? <ErrorBox message={`Failed to load price lists: ${errorText(list.error)}`} onRetry={() => list.refetch()} /> : list.isLoading ? <Spinner /> : !list.data?.items.length ? (
        <EmptyState title="No price lists yet" text="A price list gives a company its own prices: a percentage off, and prices per SKU." />
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {list.data.items.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <Link to={`/admin/price-lists/${p.id}`} className="min-w-0 flex-1 truncate font-medium text-emerald-800 hover:underline">{p.name}</Link>
              <span className="text-sm text-slate-600">{p.percent_off ? `${p.percent_off}% off` : 'List price'}</span>
              <span className="text-sm text-slate-600">{p.item_count} listed price{p.item_count === 1 ? '' : 's'}</span>
              <span className="text-sm text-slate-600">{p.company_count} compan{p.company_count === 1 ? 'y' : 'ies'}</span>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager page={page} pages={list.data.pages} total={list.data.total} onPage={setPage} label="price lists" />}
    </div>
  );
}

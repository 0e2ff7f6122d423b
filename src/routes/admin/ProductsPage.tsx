import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ProductImage } from '../../components/ProductImage';
import { toast } from '../../lib/toast';
import { ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { EmptyState, ErrorBox, PageHeader, errorText, inputClass, money, useErrorToast } from '../../features/admin/ui';
import { trpc } from '../../lib/trpc';

export default function ProductsPage() {
  const [search, setSearch] = useState('');
  const list = trpc.admin.products.list.useQuery(search.trim() ? { search: search.trim() } : undefined, { placeholderData: (prev) => prev });
  useErrorToast(list.error, 'Failed to load products');
  const remove = trpc.admin.products.delete.useMutation();
  const utils = trpc.useUtils();

  async function onDelete(id: string, name: string, variants: number) {
    if (!window.confirm(`Delete "${name}"?\n\nThis also deletes its ${variants} variant(s). Past orders keep their line details. This cannot be undone.`)) return;
    try {
      await remove.mutateAsync({ id });
      toast.success('Product deleted');
      await utils.admin.products.list.invalidate();
    } catch (err) {
      toast.error(`Failed to delete product: ${errorText(err)}`);
    }
  }

  return (
    <div>
      <PageHeader
        title="Products"
        subtitle={list.data ? `${list.data.length} product(s)` : undefined}
        actions={
          <ButtonLink to="/admin/products/new">
            <Plus className="h-4 w-4" aria-hidden /> Add Product
          </ButtonLink>
        }
      />
      <label className="relative mb-4 block">
        <span className="sr-only">Search products</span>
        <Search className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <input value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search products, category, color or SKU..." className={`${inputClass} mt-0 pl-9`} />
      </label>
      {list.error && !list.data ? (
        <ErrorBox message="Failed to load products" onRetry={() => list.refetch()} />
      ) : list.isLoading ? (
        <Spinner label="Loading products..." />
      ) : !list.data?.length ? (
        <EmptyState title="No products found" text={search ? 'Try another search.' : 'Add your first product.'} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.data.map((p) => (
            <li key={p.id} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              <div className="aspect-[4/3] overflow-hidden bg-slate-100">
                {p.image ? <ProductImage url={p.image} alt="" sizes="(min-width: 640px) 320px, 100vw" className="h-full w-full object-cover" /> : <div className="flex h-full items-center justify-center text-sm text-slate-400">No image</div>}
              </div>
              <div className="flex flex-1 flex-col p-4">
                <p className="text-xs font-semibold uppercase tracking-wide text-emerald-700">{p.category} · {p.type}</p>
                <h2 className="mt-1 font-semibold text-slate-900">{p.name}</h2>
                <p className="mt-1 text-sm text-slate-600">
                  {p.variant_count} variant(s) · {p.total_on_hand} on hand · {p.price_range.min === p.price_range.max ? money(p.price_range.min) : `${money(p.price_range.min)} – ${money(p.price_range.max)}`}
                </p>
                <div className="mt-auto flex gap-2 pt-4">
                  <ButtonLink to={`/admin/products/${p.id}/edit`} variant="outline" size="sm" className="flex-1">
                    <Pencil className="h-4 w-4" aria-hidden /> Edit
                  </ButtonLink>
                  <button type="button" onClick={() => onDelete(p.id, p.name, p.variant_count)} aria-label={`Delete ${p.name}`} className="inline-flex items-center gap-1 rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50">
                    <Trash2 className="h-4 w-4" aria-hidden /> Delete
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

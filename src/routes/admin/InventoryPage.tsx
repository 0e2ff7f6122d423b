import { Search } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { LedgerModal } from '../../features/admin/LedgerModal';
import { StockAdjustModal } from '../../features/admin/StockAdjustModal';
import { Badge, EmptyState, ErrorBox, PageHeader, inputClass, useErrorToast } from '../../features/admin/ui';
import { Spinner } from '../../components/ui/Spinner';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { INVENTORY_LIST_MAX } from '../../../shared/schemas/admin/inventory.schema';

type Row = RouterOutputs['admin']['inventory']['list'][number];
const PAGE = 100;

// A figure cell: right-aligned in the table; on a phone a labelled block in a four-column grid.
const cell =
  'px-3 py-3 text-right tabular-nums max-sm:block max-sm:p-0 max-sm:text-left max-sm:before:block max-sm:before:text-[11px] max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]';

export default function InventoryPage() {
  const [search, setSearch] = useState('');
  const full = trpc.admin.inventory.list.useQuery();
  // On a catalogue larger than the list's cap, searching asks the server instead of the loaded rows.
  const serverSearch = useDeferredValue(search.trim());
  const capped = full.data?.length === INVENTORY_LIST_MAX && serverSearch.length > 1;
  const searched = trpc.admin.inventory.list.useQuery({ search: serverSearch }, { enabled: capped });
  const list = capped ? searched : full;
  useErrorToast(list.error, 'Failed to load inventory');
  const [lowOnly, setLowOnly] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const [history, setHistory] = useState<Row | null>(null);
  // Thousands of SKUs would make one very long table; show them a page at a time.
  const [limit, setLimit] = useState(PAGE);
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (list.data ?? []).filter((r) => (!lowOnly || r.is_low_stock) && (!q || r.sku.toLowerCase().includes(q) || r.product_name.toLowerCase().includes(q)));
  }, [list.data, search, lowOnly]);

  if (list.error && !list.data) {
    return (
      <div>
        <PageHeader title="Inventory" />
        <ErrorBox message="Failed to load inventory" onRetry={() => list.refetch()} />
      </div>
    );
  }
  return (
    <div>
      <PageHeader title="Inventory" subtitle={list.data ? `${list.data.length} SKUs · ${list.data.filter((r) => r.is_low_stock).length} low on stock` : undefined} />
      {full.data?.length === INVENTORY_LIST_MAX && !capped && (
        <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          Showing the first {INVENTORY_LIST_MAX.toLocaleString('en-SG')} variants by product name. Search by SKU or product to find the others.
        </p>
      )}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <label className="relative min-w-56 flex-1">
          <span className="sr-only">Search inventory</span>
          <Search className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <input value={search} onChange={(e) => { setSearch(e.target.value); setLimit(PAGE); }} placeholder="Search SKU or product..." className={`${inputClass} mt-0 pl-9`} />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={lowOnly} onChange={(e) => setLowOnly(e.target.checked)} className="h-4 w-4 accent-emerald-600" />
          Low stock only
        </label>
      </div>
      {list.isLoading ? (
        <Spinner label="Loading inventory..." />
      ) : rows.length === 0 ? (
        <EmptyState title="No inventory rows" text="Try another search." />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          {/* On a phone each row becomes a small card (labels from data-label), so Allocated,
              Available and Adjust are all in view without sideways scrolling. */}
          <table className="min-w-full text-sm max-sm:block">
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500 max-sm:hidden">
              <tr>
                <th className="px-4 py-3">Product / SKU</th>
                <th className="px-3 py-3 text-right">On hand</th>
                <th className="px-3 py-3 text-right">Allocated</th>
                <th className="px-3 py-3 text-right">Safety</th>
                <th className="px-3 py-3 text-right">Available</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-sm:block">
              {rows.slice(0, limit).map((r) => (
                <tr key={r.variant_id} data-testid="inventory-row" className={`max-sm:grid max-sm:grid-cols-4 max-sm:gap-x-2 max-sm:px-3 max-sm:py-3 ${r.available <= 0 ? 'bg-red-50/60' : r.is_low_stock ? 'bg-amber-50/60' : ''}`}>
                  <td className="px-4 py-3 max-sm:col-span-4 max-sm:p-0 max-sm:pb-2">
                    <div className="font-medium text-slate-900">{r.product_name}</div>
                    <div className="break-all font-mono text-xs text-slate-500">{r.sku}</div>
                  </td>
                  <td data-label="On hand" className={cell}>{r.on_hand}</td>
                  <td data-label="Allocated" className={cell}>{r.allocated}</td>
                  <td data-label="Safety" className={cell}>{r.safety_stock}</td>
                  <td data-label="Available" className={cell}>
                    <span className="mr-2 font-semibold">{r.available}</span>
                    {r.available <= 0 ? <Badge tone="red">Out</Badge> : r.is_low_stock ? <Badge tone="amber">Low</Badge> : null}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right max-sm:col-span-4 max-sm:p-0 max-sm:pt-2">
                    <button type="button" onClick={() => setHistory(r)} aria-label={`History of ${r.sku}`} className="mr-2 text-xs font-semibold text-slate-600 hover:text-emerald-700 hover:underline">
                      History
                    </button>
                    <button type="button" onClick={() => setEditing(r)} aria-label={`Adjust ${r.sku}`} className="rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-50">
                      Adjust
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length > limit && (
            <div className="border-t border-slate-100 p-3 text-center">
              <button type="button" onClick={() => setLimit((l) => l + PAGE)} className="text-sm font-semibold text-emerald-700 hover:underline">
                Show more ({rows.length - limit} more)
              </button>
            </div>
          )}
        </div>
      )}
      <LedgerModal variant={history} onClose={() => setHistory(null)} />
      <StockAdjustModal
        row={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          toast.success('Stock adjusted successfully');
          void list.refetch();
        }}
      />
    </div>
  );
}

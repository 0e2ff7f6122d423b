import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { LedgerModal } from '../../features/admin/LedgerModal';
import { Pager } from '../../features/admin/Pager';
import { StockAdjustModal } from '../../features/admin/StockAdjustModal';
import { Badge, EmptyState, ErrorBox, PageHeader, inputClass, useErrorToast } from '../../features/admin/ui';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Spinner } from '../../components/ui/Spinner';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useListParams } from '../../features/admin/use-list-params';
import {
  INVENTORY_PAGE_SIZE,
  INVENTORY_SORTS,
  INVENTORY_SORT_LABELS,
  INVENTORY_STOCK_FILTERS,
  type InventorySort,
  type InventoryStockFilter,
} from '../../../shared/schemas/inventory.schema';

type Row = RouterOutputs['admin']['inventory']['page']['items'][number];
const STOCK_LABELS: Record<InventoryStockFilter, string> = { low: 'Low or out of stock (5 or less)', out: 'Out of stock' };
const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined => (values as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

// A figure cell: right-aligned in the table; on a phone a labelled block in a four-column grid.
const cell =
  'px-3 py-3 text-right tabular-nums max-sm:block max-sm:p-0 max-sm:text-left max-sm:before:block max-sm:before:text-[11px] max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]';

/**
 * The inventory a page at a time: search, filters, order and page live in the address (so a
 * filtered view can be shared or reloaded) and are applied by the server, which answers only the
 * rows shown and the total, however large the catalogue.
 */
export default function InventoryPage() {
  const [params, setParam] = useListParams();
  const stock = oneOf(INVENTORY_STOCK_FILTERS, params.get('stock'));
  const sort = oneOf(INVENTORY_SORTS, params.get('sort')) ?? 'product';
  const category = params.get('category') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim());

  useEffect(() => {
    if (q !== (params.get('q') ?? '')) setParam('q', q);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled search moves the address
  }, [q]);

  const input = { search: q || undefined, category: category || undefined, stock, sort, page, limit: INVENTORY_PAGE_SIZE };
  const list = trpc.admin.inventory.page.useQuery(input, { placeholderData: (prev) => prev });
  // The whole catalogue's figures for the heading; their counts are cached by the server.
  const everything = trpc.admin.inventory.page.useQuery({ limit: 1 });
  const low = trpc.admin.inventory.page.useQuery({ stock: 'low', limit: 1 });
  const out = trpc.admin.inventory.page.useQuery({ stock: 'out', limit: 1 });
  const facets = trpc.admin.inventory.facets.useQuery();
  useErrorToast(list.error, 'Failed to load inventory');
  const [editing, setEditing] = useState<Row | null>(null);
  const [history, setHistory] = useState<Row | null>(null);
  const utils = trpc.useUtils();

  const data = list.data;
  const filtered = Boolean(q || category || stock);
  const subtitle = everything.data
    ? `${everything.data.total.toLocaleString('en-SG')} SKUs${low.data && out.data ? ` · ${out.data.total.toLocaleString('en-SG')} out of stock · ${(low.data.total - out.data.total).toLocaleString('en-SG')} low on stock` : ''}`
    : undefined;

  return (
    <div>
      <PageHeader title="Inventory" subtitle={subtitle} />
      <div className="mb-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_1fr_1fr_1fr]">
        <label className="relative sm:col-span-2 lg:col-span-1">
          <span className="sr-only">Search inventory</span>
          <Search className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search SKU or product..." className={`${inputClass} mt-0 pl-9`} />
        </label>
        <select aria-label="Stock level" value={stock ?? ''} onChange={(e) => setParam('stock', e.target.value)} className={`${inputClass} mt-0`}>
          <option value="">All stock levels</option>
          {INVENTORY_STOCK_FILTERS.map((s) => (
            <option key={s} value={s}>{STOCK_LABELS[s]}</option>
          ))}
        </select>
        <select aria-label="Category" value={category} onChange={(e) => setParam('category', e.target.value)} className={`${inputClass} mt-0 capitalize`}>
          <option value="">All categories</option>
          {(facets.data?.categories ?? []).map((c) => (
            <option key={c} value={c}>{c}</option>
          ))}
        </select>
        <select aria-label="Sort by" value={sort} onChange={(e) => setParam('sort', e.target.value === 'product' ? '' : e.target.value)} className={`${inputClass} mt-0`}>
          {INVENTORY_SORTS.map((s: InventorySort) => (
            <option key={s} value={s}>Sort: {INVENTORY_SORT_LABELS[s]}</option>
          ))}
        </select>
      </div>
      {list.error && !data ? (
        <ErrorBox message="Failed to load inventory" onRetry={() => list.refetch()} />
      ) : !data ? (
        <Spinner label="Loading inventory..." />
      ) : data.items.length === 0 ? (
        data.total > 0 ? (
          // An address past the last page (an old link, or rows that left the filter).
          <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
            <p className="px-4 py-8 text-center text-sm text-slate-600">
              This page is past the end of the list ({data.pages.toLocaleString('en-SG')} page(s)).{' '}
              <button type="button" onClick={() => setParam('page', '')} className="font-semibold text-emerald-700 hover:underline">
                Back to the first page
              </button>
            </p>
          </div>
        ) : (
          <EmptyState title="No inventory rows" text={filtered ? 'Nothing matches this search or filter. Try another, or clear them.' : 'Add a product with variants to see its stock here.'} />
        )
      ) : (
        <div className={`overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={list.isFetching}>
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
              {data.items.map((r) => (
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
                    {r.available <= 0 ? <Badge tone="red">Out of stock</Badge> : r.is_low_stock ? <Badge tone="amber">Low</Badge> : null}
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
          <Pager page={data.page} pages={data.pages} total={data.total} limit={data.limit} onPage={(p) => setParam('page', p > 1 ? String(p) : '')} />
        </div>
      )}
      <LedgerModal variant={history} onClose={() => setHistory(null)} />
      <StockAdjustModal
        row={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          toast.success('Stock adjusted successfully');
          // The row, the totals and the low-stock count may all have moved.
          void utils.admin.inventory.page.invalidate();
        }}
      />
    </div>
  );
}

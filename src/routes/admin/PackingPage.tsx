import { Minus, Plus, RefreshCw, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '../../lib/toast';
import { PACKING_MAX_TILES } from '../../../shared/constants';
import { packingFacts, sizeWithTimes, tileState } from '../../features/admin/packing';
import { errorText, inputClass, useErrorToast } from '../../features/admin/ui';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type Row = RouterOutputs['admin']['inventory']['page']['items'][number];
const HIGHLIGHT_MS = 2000;
const STOCK_TOAST_MS = 1500;

export default function PackingPage() {
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [color, setColor] = useState('');
  const [size, setSize] = useState('');
  const q = useDebouncedValue(search.trim());
  // The server filters and answers the first 36 tiles with the number of matches, whatever the
  // catalogue's size. Several people pack at once: the tiles refresh every 15 s and on Refresh.
  const input = { search: q || undefined, category: category || undefined, color: color || undefined, size: size || undefined, limit: PACKING_MAX_TILES };
  const list = trpc.admin.inventory.page.useQuery(input, { refetchInterval: 15_000, placeholderData: (prev) => prev });
  const facets = trpc.admin.inventory.facets.useQuery();
  useErrorToast(list.error, 'Failed to load inventory');
  const adjust = trpc.admin.inventory.adjust.useMutation();
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [flash, setFlash] = useState<Set<string>>(new Set());

  const shown = useMemo(() => (list.data?.items ?? []).map((r) => ({ row: r, facts: packingFacts(r) })), [list.data]);
  const matching = list.data?.total ?? 0;
  const options = { categories: facets.data?.categories ?? [], colors: facets.data?.colors ?? [], sizes: facets.data?.sizes ?? [] };

  async function change(row: Row, delta: 1 | -1) {
    const value = row.on_hand + delta;
    if (value < 0) return;
    setBusy((b) => new Set(b).add(row.variant_id));
    try {
      const updated = await adjust.mutateAsync({
        variant_id: row.variant_id,
        adjustment_type: 'set',
        on_hand_value: value,
        reason: 'manual_adjustment',
        notes: `Packing screen: ${delta > 0 ? '+1' : '-1'} unit (on hand ${row.on_hand} → ${value})`,
      });
      // A refetch already on its way (the 15 s refresh, or the search typed meanwhile, whose tiles
      // were asked for before this change committed) would answer the figures from before it: the
      // tile shows the adjustment's own answer at once, and every page of tiles is asked again now.
      utils.admin.inventory.page.setData(input, (page) => page && { ...page, items: page.items.map((r) => (r.variant_id === updated.variant_id ? updated : r)) });
      void utils.admin.inventory.page.invalidate();
      toast.success(`Stock ${delta > 0 ? 'increased' : 'decreased'}: 1 unit(s)`, { duration: STOCK_TOAST_MS });
      setFlash((f) => new Set(f).add(row.variant_id));
      setTimeout(() => setFlash((f) => { const n = new Set(f); n.delete(row.variant_id); return n; }), HIGHLIGHT_MS);
    } catch (err) {
      toast.error(`Failed to update stock: ${errorText(err)}`);
      void list.refetch();
    } finally {
      setBusy((b) => { const n = new Set(b); n.delete(row.variant_id); return n; });
    }
  }

  const clearAll = () => { setSearch(''); setCategory(''); setColor(''); setSize(''); };
  const select = (label: string, plural: string, value: string, set: (v: string) => void, values: string[], format = (v: string) => v) => (
    <label className="min-w-0">
      <span className="sr-only">{label}</span>
      <select aria-label={label} value={value} onChange={(e) => set(e.target.value)} className={`${inputClass} mt-0 capitalize`}>
        <option value="">All {plural}</option>
        {values.map((v) => <option key={v} value={v}>{format(v)}</option>)}
      </select>
    </label>
  );

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Real-Time Packing Interface</h1>
          <p className="text-sm text-slate-600" data-testid="packing-count">{matching} items</p>
        </div>
        <button type="button" onClick={() => list.refetch()} className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
          <RefreshCw className={`h-4 w-4 ${list.isFetching ? 'animate-spin' : ''}`} aria-hidden /> Refresh
        </button>
      </div>
      <div className="mb-4 grid gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]">
        <label className="relative">
          <span className="sr-only">Search</span>
          <Search className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <input value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search products or SKU..." className={`${inputClass} mt-0 pl-9`} />
        </label>
        {select('Category', 'categories', category, setCategory, options.categories)}
        {select('Color', 'colors', color, setColor, options.colors)}
        {select('Size', 'sizes', size, setSize, options.sizes, sizeWithTimes)}
        <button type="button" onClick={clearAll} className="rounded-lg px-3 py-2 text-sm font-semibold text-emerald-700 hover:bg-emerald-50">Clear All</button>
      </div>

      {list.error && !list.data ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          Failed to load inventory
          <button type="button" onClick={() => list.refetch()} className="ml-3 font-semibold underline">Try again</button>
        </div>
      ) : list.isLoading ? (
        <div className="flex flex-col items-center py-16 text-slate-600">
          <span className="mb-3 h-10 w-10 animate-spin rounded-full border-4 border-emerald-200 border-t-emerald-600" />
          Loading packing interface...
        </div>
      ) : shown.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white py-14 text-center">
          <p className="font-semibold text-slate-800">No items found</p>
          <p className="mt-1 text-sm text-slate-500">Try adjusting your filters or search terms</p>
        </div>
      ) : (
        <>
          {matching > PACKING_MAX_TILES && (
            <p className="mb-3 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-800">
              Showing first {PACKING_MAX_TILES} of {matching} items. Use filters to find specific products.
            </p>
          )}
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
            {shown.map(({ row, facts }) => {
              const state = tileState(row.available);
              const ring = flash.has(row.variant_id) ? 'ring-4 ring-emerald-400' : state === 'out' ? 'ring-2 ring-red-500' : state === 'warning' ? 'ring-2 ring-amber-400' : 'ring-1 ring-slate-200';
              const pending = busy.has(row.variant_id);
              return (
                <li key={row.variant_id} title={`${row.product_name} · ${row.sku}`} data-testid="packing-tile" data-sku={row.sku} className={`relative flex min-h-[16rem] flex-col overflow-hidden rounded-xl bg-slate-700 bg-cover bg-center text-white shadow-sm transition ${ring}`} style={row.product_image ? { backgroundImage: `url("${row.product_image}")` } : undefined}>
                  <div className={`absolute inset-0 ${state === 'out' ? 'bg-red-900/60' : state === 'warning' ? 'bg-amber-900/50' : 'bg-slate-900/45'} ${flash.has(row.variant_id) ? '!bg-emerald-900/55' : ''}`} />
                  <div className="relative flex items-start justify-between gap-1 p-2">
                    {/* wraps rather than truncating, so a Warning badge never cuts "Baby blue" to "Baby ..." */}
                    <span className="min-w-0 break-words rounded bg-black/40 px-1.5 py-0.5 text-xs font-semibold capitalize leading-tight">{facts.color}</span>
                    {state === 'out' && <span className="flex-none rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold">Low</span>}
                    {state === 'warning' && <span className="flex-none rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold text-amber-950">Warning</span>}
                  </div>
                  {facts.type === 'premium' && (
                    <span className="relative mx-2 self-start rounded bg-violet-600 px-1.5 py-0.5 text-[11px] font-bold uppercase tracking-wide" data-testid="premium-badge">
                      Premium
                    </span>
                  )}
                  <div className="relative mt-auto p-2 text-center">
                    <p className="line-clamp-2 text-[11px] font-medium leading-tight opacity-95 drop-shadow" data-testid="tile-product">
                      {facts.name}
                    </p>
                    <p className="text-lg font-bold leading-tight drop-shadow">{sizeWithTimes(facts.size)}</p>
                    {facts.packSize !== null && <p className="text-xs font-medium opacity-90">{facts.packSize} pcs</p>}
                    <p className="mt-1 text-3xl font-extrabold tabular-nums drop-shadow" data-testid="available">{row.available}</p>
                    {/* 0 available reads "Out of stock" (issue 38); the red Low badge above is the specification's (docs/spec/back-office.md section 4). */}
                    <p className={`text-[11px] uppercase tracking-wide ${state === 'out' ? 'font-bold' : 'opacity-80'}`} data-testid="tile-stock-word">{state === 'out' ? 'Out of stock' : 'available'}</p>
                  </div>
                  <div className="relative grid grid-cols-2 gap-px bg-black/20">
                    <button type="button" aria-label={`Remove one ${row.sku}`} disabled={row.available <= 0 || pending} onClick={() => change(row, -1)} className="flex h-12 items-center justify-center bg-white/90 text-slate-900 hover:bg-white disabled:cursor-not-allowed disabled:bg-white/40 disabled:text-slate-500">
                      <Minus className="h-5 w-5" />
                    </button>
                    <button type="button" aria-label={`Add one ${row.sku}`} disabled={pending} onClick={() => change(row, 1)} className="flex h-12 items-center justify-center bg-emerald-500 text-white hover:bg-emerald-600 disabled:opacity-60">
                      <Plus className="h-5 w-5" />
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import { trpc } from '../../../lib/trpc';
import { Badge, ErrorBox, errorText } from '../ui';
import { Pager } from '../Pager';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ReportChart } from './Chart';
import { CsvButton, ReportTable, useStable, ReportSection, whole } from './report-ui';

const SORTS = [
  ['days_left', 'Days left (fewest first)'],
  ['reorder_quantity', 'Reorder (most first)'],
  ['daily_units', 'Sold per day (most first)'],
  ['available', 'Available (fewest first)'],
  ['sku', 'SKU'],
] as const;
type Sort = (typeof SORTS)[number][0];

export function StockCoverReport() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debounced = useDebouncedValue(search, 300);
  const flagged = params.get('flagged') === 'true';
  const sort = (SORTS.find(([k]) => k === params.get('sort'))?.[0] ?? 'days_left') as Sort;
  const page = Math.max(1, Number(params.get('page')) || 1);
  // A new filter or order starts again at the first page.
  const set = (k: string, v: string | null) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      if (v === null) next.delete(k);
      else next.set(k, v);
      if (k !== 'page') next.delete('page');
      return next;
    });
  const facets = trpc.admin.inventory.facets.useQuery(undefined, { staleTime: 60_000 });
  const category = params.get('category') ?? '';
  const color = params.get('color') ?? '';
  const size = params.get('size') ?? '';
  const input = { search: debounced.trim() || undefined, category: category || undefined, color: color || undefined, size: size || undefined, flagged: flagged ? ('true' as const) : undefined, sort, page };
  const query = trpc.admin.reports.stockCover.useQuery(input, { placeholderData: (prev) => prev });
  const d = query.data;
  const urgent = useStable(() => (d?.rows ?? []).filter((r) => r.days_left !== null).slice(0, 12), [d]);
  const labels = useStable(() => urgent.map((r) => r.sku), [urgent]);
  const series = useStable(() => [{ label: 'Days of stock left', data: urgent.map((r) => r.days_left ?? 0) }], [urgent]);
  const qs = new URLSearchParams({
    ...Object.fromEntries(Object.entries({ search: input.search, category, color, size }).filter(([, v]) => v)),
    ...(flagged ? { flagged: 'true' } : {}),
    sort,
    format: 'csv',
  } as Record<string, string>).toString();
  const facet = (key: 'category' | 'color' | 'size', label: string, values: string[] | undefined) => (
    <label className="text-sm font-medium text-slate-700">
      {label}
      <select aria-label={label} className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm" value={params.get(key) ?? ''} onChange={(e) => set(key, e.target.value || null)}>
        <option value="">All</option>
        {(values ?? []).map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );
  const flaggedCount = d?.flagged_total ?? 0;
  return (
    <ReportSection id="stock" title="Stock cover and reorder">
      <div className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3">
        <label className="text-sm font-medium text-slate-700">
          Search
          <input type="search" className="mt-1 block w-56 rounded-lg border border-slate-300 px-3 py-2 text-sm" placeholder="SKU or product" value={search} maxLength={100} onChange={(e) => {
              setSearch(e.target.value);
              if (page > 1) set('page', null);
            }}
          />
        </label>
        {facet('category', 'Category', facets.data?.categories)}
        {facet('color', 'Colour', facets.data?.colors)}
        {facet('size', 'Size', facets.data?.sizes)}
        <label className="text-sm font-medium text-slate-700">
          Sort by
          <select aria-label="Sort by" className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm" value={sort} onChange={(e) => set('sort', e.target.value)}>
            {SORTS.map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 py-2 text-sm font-medium text-slate-700">
          <input type="checkbox" checked={flagged} onChange={(e) => set('flagged', e.target.checked ? 'true' : null)} className="h-4 w-4 rounded border-slate-300" />
          Only running out within the lead time
        </label>
        <CsvButton path={`/admin/reports/stock-cover?${qs}`} name="purchase-list.csv" label="Download purchase list" />
        {d && (
          <p className="w-full text-xs text-slate-500">
            Sold per day over the last {d.window_days} days ({d.window.from} to {d.window.to}, {d.time_zone}); reorder enough for the lead time of {d.lead_time_days} days plus {d.cover_days} days of cover, in whole packs.
          </p>
        )}
      </div>
      {query.error && <ErrorBox message={errorText(query.error)} onRetry={() => query.refetch()} />}
      {d && (
        <>
          <p className="mb-3 text-sm text-slate-700" data-testid="stock-flagged">
            <Badge tone={flaggedCount > 0 ? 'red' : 'emerald'}>{flaggedCount}</Badge> variant{flaggedCount === 1 ? '' : 's'} run{flaggedCount === 1 ? 's' : ''} out within the lead time of {d.lead_time_days} days.
          </p>
          {urgent.length > 0 && (
            <div className="mb-4 rounded-xl border border-slate-200 bg-white p-3">
              <ReportChart labels={labels} series={series} horizontal height={Math.max(160, urgent.length * 26)} summary={`Days of stock left for the ${urgent.length} variants on this page that run out soonest. The table lists this page's variants.`} />
            </div>
          )}
          <ReportTable
            caption="Stock cover per variant"
            rows={d.rows}
            rowKey={(r) => r.variant_id}
            empty="No variant matches."
            columns={[
              { label: 'SKU', value: (r) => r.sku },
              { label: 'Product', value: (r) => `${r.product_name} · ${r.color} ${r.size} · ${r.pack_size}/pack` },
              { label: 'Available', value: (r) => whole(r.available), numeric: true },
              { label: 'Sold per day', value: (r) => r.daily_units.toFixed(2), numeric: true },
              { label: 'Days left', value: (r) => (r.days_left === null ? 'no sales' : r.days_left.toFixed(1)), numeric: true },
              { label: 'Reorder (packs)', value: (r) => (r.reorder_quantity > 0 ? whole(r.reorder_quantity) : '–'), numeric: true },
              { label: 'Flag', value: (r) => (r.flagged ? <Badge tone="red">Runs out</Badge> : '') },
            ]}
          />
          <Pager page={d.page} pages={Math.max(1, Math.ceil(d.total / Math.max(1, d.limit)))} total={d.total} limit={d.limit} onPage={(p) => set('page', p > 1 ? String(p) : null)} label="variants" />
        </>
      )}
    </ReportSection>
  );
}

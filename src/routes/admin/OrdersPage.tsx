import { Printer, Search } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Link } from '../../lib/router';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/constants';
import { Spinner } from '../../components/ui/Spinner';
import { OrderStatusBadge } from '../../features/admin/OrderStatusBadge';
import { EmptyState, ErrorBox, PageHeader, errorText, inputClass, money, longDate } from '../../features/admin/ui';
import { downloadFile } from '../../lib/download';
import { trpc } from '../../lib/trpc';
import { Pager } from '../../features/admin/Pager';
import { useListParams } from '../../features/admin/use-list-params';

export default function OrdersPage() {
  const [params, setParam] = useListParams();
  const status = (params.get('status') ?? '') as OrderStatus | '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  // Orders ticked for printing; kept across pages and filters until printed or cleared.
  const [selected, setSelected] = useState<string[]>([]);
  const [printing, setPrinting] = useState(false);
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  async function printSlips(size: 'a4' | 'label') {
    setPrinting(true);
    try {
      await downloadFile(`/admin/orders/packing-slips.pdf?ids=${selected.join(',')}&size=${size}`, 'packing-slips.pdf');
    } catch (err) {
      toast.error(`Failed to print packing slips: ${(err as Error).message}`);
    } finally {
      setPrinting(false);
    }
  }
  const query = trpc.admin.orders.list.useQuery(
    { status: status || undefined, search: params.get('q') || undefined, page, page_size: 20 },
    { placeholderData: (prev) => prev },
  );

  return (
    <div>
      <PageHeader
        title="Orders"
        subtitle={query.data ? `${query.data.total} order(s)` : undefined}
        actions={
          selected.length > 0 && (
            <>
              <span className="text-sm text-slate-600">{selected.length} selected</span>
              <button type="button" disabled={printing} onClick={() => printSlips('a4')} className="inline-flex items-center gap-1 rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-slate-700 disabled:opacity-50">
                <Printer className="h-4 w-4" aria-hidden /> Packing slips (A4)
              </button>
              <button type="button" disabled={printing} onClick={() => printSlips('label')} className="inline-flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-50">
                <Printer className="h-4 w-4" aria-hidden /> 4x6 labels
              </button>
              <button type="button" onClick={() => setSelected([])} className="text-sm text-slate-600 underline">Clear</button>
            </>
          )
        }
      />
      <div className="mb-3 flex gap-1 overflow-x-auto">
        {['', ...ORDER_STATUSES].map((s) => (
          <button key={s || 'all'} type="button" onClick={() => setParam('status', s)} className={`whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium capitalize ${status === s ? 'bg-emerald-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'}`}>
            {s || 'All'}
          </button>
        ))}
      </div>
      <form onSubmit={(e) => { e.preventDefault(); setParam('q', search.trim()); }} className="relative mb-4">
        <Search className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <input value={search} onChange={(e) => setSearch(e.target.value)} onBlur={() => setParam('q', search.trim())} placeholder="Search order number or email..." aria-label="Search orders" className={`${inputClass} mt-0 pl-9`} />
      </form>
      {query.error ? (
        <ErrorBox message={`Failed to load orders: ${errorText(query.error)}`} onRetry={() => query.refetch()} />
      ) : query.isLoading ? (
        <Spinner label="Loading orders..." />
      ) : !query.data?.items.length ? (
        <EmptyState title="No orders found" text={status || params.get('q') ? 'Try another status or search.' : 'Orders appear here as soon as they are placed.'} />
      ) : (
        <>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            {query.data.items.map((o) => (
              <li key={o.id} className="flex items-center hover:bg-slate-50">
                <input
                  type="checkbox"
                  checked={selected.includes(o.id)}
                  onChange={() => toggle(o.id)}
                  aria-label={`Select ${o.order_number} for packing slips`}
                  className="ml-4 h-4 w-4 shrink-0 accent-emerald-600"
                />
                <Link to={`/admin/orders/${o.id}`} className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                  <span className="font-mono text-sm font-semibold text-slate-900">{o.order_number}</span>
                  <OrderStatusBadge status={o.status} />
                  <span className="min-w-0 flex-1 truncate text-sm text-slate-600">{o.customer_name} · {o.email}</span>
                  <span className="text-sm text-slate-500">{longDate(o.created_at)}</span>
                  <span className="w-20 text-right text-sm text-slate-500">{o.item_count} item(s)</span>
                  <span className="w-24 text-right font-semibold text-slate-900">{money(o.total)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={query.data.pages} total={query.data.total} onPage={(p) => setParam('page', String(p))} label="orders" />
        </>
      )}
    </div>
  );
}

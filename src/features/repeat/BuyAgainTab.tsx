import { RotateCcw, Search, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Link } from '../../lib/router';
import type { BuyAgainDto } from '../../../shared/schemas/repeat-buying.schema';
import { Button, ButtonLink } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { errorDetail, trpc } from '../../lib/trpc';
import { useCart } from '../cart/CartProvider';
import { money } from '../cart/money';
import { formatOrderDate } from '../orders/StatusBadge';
import { useDebouncedValue } from '../../lib/use-debounced-value';

type Row = BuyAgainDto[number];

/** The account's "Buy again": every variant bought before, with add-to-cart per line and for a selection. */
export function BuyAgainTab() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const query = trpc.orders.buyAgain.useQuery(q ? { search: q } : undefined, { placeholderData: (prev) => prev });
  const [qty, setQty] = useState<Record<string, string>>({});
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { addItem, replaceCart } = useCart();
  const bulk = trpc.cart.bulk.useMutation();
  const rows = query.data ?? [];

  const quantityOf = (r: Row) => {
    const n = Number(qty[r.variant_id] ?? r.last_quantity);
    return Number.isInteger(n) && n >= 1 ? n : null;
  };

  async function addOne(r: Row) {
    const n = quantityOf(r);
    if (n === null) return setProblems((p) => ({ ...p, [r.variant_id]: 'Quantity must be a whole number of at least 1' }));
    setProblems((p) => ({ ...p, [r.variant_id]: '' }));
    await addItem(r.variant_id, n);
  }

  async function addPicked() {
    const chosen = rows.filter((r) => picked.has(r.variant_id));
    try {
      const res = await bulk.mutateAsync({ items: chosen.map((r) => ({ sku: r.sku, quantity: quantityOf(r) ?? Number(qty[r.variant_id]) })) });
      replaceCart(res.cart);
      const next: Record<string, string> = {};
      res.results.forEach((x, i) => (next[chosen[i].variant_id] = x.status === 'error' ? (x.detail ?? 'Not added') : ''));
      setProblems(next);
      const added = res.results.filter((x) => x.status === 'added');
      if (added.length) toast.success(`Added ${added.reduce((n, x) => n + x.quantity, 0)} item(s) to cart!`);
      if (added.length < res.results.length) toast(`${res.results.length - added.length} line(s) could not be added`, { icon: '⚠️' });
      setPicked(new Set(chosen.filter((_, i) => res.results[i].status === 'error').map((r) => r.variant_id)));
    } catch (err) {
      const detail = errorDetail(err);
      toast.error(detail ? `Failed to add to cart: ${detail}` : 'Failed to add to cart. Please try again.');
    }
  }

  const toggle = (id: string) =>
    setPicked((p) => {
      const n = new Set(p);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <section aria-labelledby="buy-again-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="buy-again-heading" className="text-lg font-semibold text-slate-900">Buy again</h2>
          <p className="text-sm text-slate-600">Everything you ordered before, at today&apos;s prices.</p>
        </div>
        <label className="relative block w-full sm:w-72">
          <span className="sr-only">Search what you bought</span>
          <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" aria-hidden />
          <input value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} placeholder="Search by name or SKU" className="block w-full rounded-lg border border-slate-300 py-2 pl-9 pr-3 text-sm" />
        </label>
      </div>
      {query.isLoading ? (
        <Spinner label="Loading what you bought..." />
      ) : query.isError ? (
        <ErrorState className="mt-6" title="We couldn't load what you bought" onRetry={() => query.refetch()} />
      ) : rows.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <RotateCcw className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
          <p className="mt-2">{q ? `Nothing you bought matches "${q}".` : 'Once you have ordered, what you bought shows here to order again in a click.'}</p>
          {!q && <ButtonLink to="/products" className="mt-4" variant="outline">Browse Products</ButtonLink>}
        </div>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button onClick={addPicked} disabled={picked.size === 0 || bulk.isPending}>
              <ShoppingCart className="h-4 w-4" aria-hidden /> {bulk.isPending ? 'Adding...' : `Add selected to cart (${picked.size})`}
            </Button>
            <button type="button" className="text-sm font-medium text-emerald-700 hover:underline" onClick={() => setPicked(picked.size === rows.length ? new Set() : new Set(rows.map((r) => r.variant_id)))}>
              {picked.size === rows.length ? 'Clear selection' : 'Select all'}
            </button>
          </div>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="buy-again-list">
            {rows.map((r) => (
              <li key={r.variant_id} className="grid gap-3 p-4 sm:grid-cols-[auto_1fr_auto] sm:items-center" data-testid="buy-again-row">
                <input type="checkbox" className="h-4 w-4" checked={picked.has(r.variant_id)} onChange={() => toggle(r.variant_id)} aria-label={`Select ${r.product_name} ${r.size} (${r.pack_size} pcs)`} />
                <div className="min-w-0">
                  <Link to={`/products/${r.product_id}`} className="font-medium text-slate-900 hover:text-emerald-700">
                    {r.product_name} {r.size} ({r.pack_size} pcs)
                  </Link>
                  <p className="break-all text-xs text-slate-500">{r.sku}</p>
                  <p className="mt-1 text-sm text-slate-600">
                    Last: {r.last_quantity} × {money(r.last_price)} on {formatOrderDate(r.last_ordered_at)} · Today: {r.price === null ? 'no price' : money(r.price)} ·{' '}
                    <span className={r.available > 0 ? 'text-emerald-700' : 'text-red-600'}>{r.available > 0 ? `${r.available} available` : 'Out of Stock'}</span>
                  </p>
                  {problems[r.variant_id] && <p className="mt-1 text-sm text-red-600">{problems[r.variant_id]}</p>}
                </div>
                <div className="flex items-center gap-2">
                  <input
                    type="number"
                    min={1}
                    inputMode="numeric"
                    value={qty[r.variant_id] ?? String(r.last_quantity)}
                    onChange={(e) => setQty((m) => ({ ...m, [r.variant_id]: e.target.value }))}
                    aria-label={`Quantity of ${r.product_name} ${r.size} (${r.pack_size} pcs)`}
                    className="w-20 rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
                  />
                  <Button size="sm" onClick={() => addOne(r)} disabled={r.available <= 0 || r.price === null} aria-label={`Add ${r.product_name} ${r.size} (${r.pack_size} pcs) to cart`}>
                    Add to cart
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

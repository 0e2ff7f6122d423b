import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { toast } from '../../lib/toast';
import { errorDetail, trpc } from '../../lib/trpc';
import { money } from '../cart/money';
import { formatOrderDate } from '../orders/StatusBadge';
import { QuoteStatusBadge } from '../quotes/QuoteStatusBadge';
import { useCart } from '../cart/CartProvider';

/** A panel of the company tab: its title, then the company's records as a list, or a line while loading or when there are none. */
function CompanyPanel<T>({ label, title, items, loading, empty, children }: { label: string; title: string; items: T[] | undefined; loading: boolean; empty: string; children(item: T): ReactNode }) {
  return (
    <section aria-label={label} className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {!items?.length ? (
        <p className="text-sm text-slate-600">{loading ? 'Loading...' : empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">{items.map(children)}</ul>
      )}
    </section>
  );
}

/** Every member's saved lists with who made them; a company admin adds one to their own cart (decision 0195). */
export function CompanyLists() {
  const lists = trpc.company.lists.useQuery();
  const toCart = trpc.company.listToCart.useMutation();
  const { replaceCart } = useCart();
  async function onToCart(id: string, name: string) {
    try {
      const res = await toCart.mutateAsync({ id });
      replaceCart(res.cart);
      if (res.added.length) toast.success(`${name}: ${res.added.reduce((n, a) => n + a.quantity, 0)} item(s) added to your cart`);
      if (res.skipped.length) toast(`${res.skipped.length} line(s) could not be added`, { icon: '⚠️' });
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to add to cart');
    }
  }
  return (
    <CompanyPanel label="Company saved lists" title="Saved lists" items={lists.data} loading={lists.isLoading} empty="No saved lists in the company yet.">
      {(l) => (
        <li key={l.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm" data-testid="company-list">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{l.name}</p>
            <p className="truncate text-slate-600">
              {l.item_count} line(s) · by {l.made_by.name} ({l.made_by.email})
            </p>
          </div>
          <Button size="sm" variant="outline" disabled={toCart.isPending || !l.item_count} onClick={() => void onToCart(l.id, l.name)}>
            Add to my cart
          </Button>
        </li>
      )}
    </CompanyPanel>
  );
}

/** Every member's quotes with who asked for them (decision 0195); each opens on its page, where an admin may accept it (decision 0202). */
export function CompanyQuotes() {
  const quotes = trpc.company.quotes.useQuery();
  return (
    <CompanyPanel label="Company quotes" title="Quotes" items={quotes.data} loading={quotes.isLoading} empty="No quotes asked for yet.">
      {(q) => (
        <li key={q.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="company-quote">
          <span className="flex items-center gap-2 font-medium text-slate-900">
            <Link to={`/company/quotes/${q.id}`} className="text-emerald-700 underline hover:text-emerald-800">{q.quote_number}</Link> <QuoteStatusBadge status={q.status} />
          </span>
          <span className="min-w-0 basis-full truncate text-slate-700 sm:flex-1 sm:basis-0">
            Asked by {q.made_by.name} ({q.made_by.email}) · {formatOrderDate(q.created_at)} · {q.lines.length} line(s)
          </span>
          {q.total !== null && <span className="font-medium text-slate-900">{money(q.total)}</span>}
        </li>
      )}
    </CompanyPanel>
  );
}

import { Link } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { toast } from '../../lib/toast';
import { errorDetail, trpc } from '../../lib/trpc';
import { money } from '../cart/money';
import { formatOrderDate } from '../orders/StatusBadge';
import { QuoteStatusBadge } from '../quotes/QuoteStatusBadge';
import { useCart } from '../cart/CartProvider';

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
    <section aria-label="Company saved lists" className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">Saved lists</h2>
      {!lists.data?.length ? (
        <p className="text-sm text-slate-600">{lists.isLoading ? 'Loading...' : 'No saved lists in the company yet.'}</p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {lists.data.map((l) => (
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
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every member's quotes with who asked for them (decision 0195); each opens on its page, where an admin may accept it (decision 0202). */
export function CompanyQuotes() {
  const quotes = trpc.company.quotes.useQuery();
  return (
    <section aria-label="Company quotes" className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">Quotes</h2>
      {!quotes.data?.length ? (
        <p className="text-sm text-slate-600">{quotes.isLoading ? 'Loading...' : 'No quotes asked for yet.'}</p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {quotes.data.map((q) => (
            <li key={q.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="company-quote">
              <span className="flex items-center gap-2 font-medium text-slate-900">
                <Link to={`/company/quotes/${q.id}`} className="text-emerald-700 underline hover:text-emerald-800">{q.quote_number}</Link> <QuoteStatusBadge status={q.status} />
              </span>
              <span className="min-w-0 basis-full truncate text-slate-700 sm:flex-1 sm:basis-0">
                Asked by {q.made_by.name} ({q.made_by.email}) · {formatOrderDate(q.created_at)} · {q.lines.length} line(s)
              </span>
              {q.total !== null && <span className="font-medium text-slate-900">{money(q.total)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { AlertTriangle, ArrowLeft, Pencil, ShoppingCart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Link, useNavigate, useParams } from '../../lib/router';
import type { ReorderDto } from '../../../shared/schemas/repeat-buying.schema';
import type { SavedListDto } from '../../../shared/schemas/saved-list.schema';
import { Seo } from '../../components/Seo';
import { Button, ButtonLink } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { useCart } from '../../features/cart/CartProvider';
import { money } from '../../features/cart/money';
import { errorDetail, httpStatusOf, trpc } from '../../lib/trpc';

type Item = SavedListDto['items'][number];

/** One saved list: quantities, a line or the whole list to the cart, rename and delete. */
export default function ListDetailPage() {
  const { id = '' } = useParams();
  const query = trpc.lists.get.useQuery({ id }, { retry: false });
  const list = query.data;
  const status = httpStatusOf(query.error);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Seo title={list ? list.name : 'Saved list'} description="One of your saved lists." path={`/lists/${id}`} noindex />
      <Link to="/lists" className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:text-emerald-800">
        <ArrowLeft className="h-4 w-4" aria-hidden /> All lists
      </Link>
      {query.isLoading ? (
        <Spinner label="Loading the list..." />
      ) : query.isError && status !== 404 && status !== 400 ? (
        <ErrorState className="mt-8" title="We couldn't load this list" onRetry={() => query.refetch()} />
      ) : !list ? (
        <p className="mt-10 text-center text-lg font-semibold text-slate-900">List not found</p>
      ) : (
        <ListView key={list.id} list={list} />
      )}
    </div>
  );
}

function ListView({ list }: { list: SavedListDto }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { addItem, replaceCart } = useCart();
  const rename = trpc.lists.rename.useMutation();
  const remove = trpc.lists.delete.useMutation();
  const toCart = trpc.lists.toCart.useMutation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(list.name);
  const [result, setResult] = useState<ReorderDto | null>(null);
  const set = (next: SavedListDto) => utils.lists.get.setData({ id: list.id }, next);

  async function onRename() {
    try {
      set(await rename.mutateAsync({ id: list.id, name }));
      await utils.lists.list.invalidate();
      toast.success('List renamed');
      setEditing(false);
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to rename the list');
    }
  }

  async function onDelete() {
    if (!window.confirm(`Delete the list "${list.name}"? The products stay in the shop; only the list goes.`)) return;
    try {
      await remove.mutateAsync({ id: list.id });
      await utils.lists.list.invalidate();
      toast.success('List deleted');
      navigate('/lists');
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to delete the list');
    }
  }

  async function onAllToCart() {
    try {
      const res = await toCart.mutateAsync({ id: list.id });
      replaceCart(res.cart);
      setResult(res);
      if (res.added.length) toast.success(`Added ${res.added.reduce((n, a) => n + a.quantity, 0)} item(s) to cart!`);
      if (res.skipped.length) toast(`${res.skipped.length} line(s) could not be added`, { icon: '⚠️' });
    } catch (err) {
      const detail = errorDetail(err);
      toast.error(detail ? `Failed to add to cart: ${detail}` : 'Failed to add to cart. Please try again.');
    }
  }

  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {editing ? (
          <form
            className="flex w-full flex-col gap-2 sm:flex-row"
            onSubmit={(e) => {
              e.preventDefault();
              void onRename();
            }}
          >
            <label htmlFor="list-name" className="sr-only">List name</label>
            <input id="list-name" autoFocus value={name} onChange={(e) => setName(e.target.value)} maxLength={60} className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm sm:max-w-sm" />
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={rename.isPending || name.trim() === ''}>Save name</Button>
              <Button size="sm" variant="ghost" onClick={() => { setEditing(false); setName(list.name); }}>Cancel</Button>
            </div>
          </form>
        ) : (
          <>
            <h1 className="break-words text-2xl font-bold text-slate-900">{list.name}</h1>
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label="Rename list">
              <Pencil className="h-4 w-4" aria-hidden /> Rename
            </Button>
            <Button size="sm" variant="ghost" className="text-red-600" onClick={onDelete} disabled={remove.isPending}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete list
            </Button>
          </>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-500">{list.item_count} line(s) · prices are today&apos;s</p>

      {list.items.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <p>This list is empty. Use &quot;Save to list&quot; on a product page to add to it.</p>
          <ButtonLink to="/products" variant="outline" className="mt-4">Browse Products</ButtonLink>
        </div>
      ) : (
        <>
          <div className="mt-4">
            <Button onClick={onAllToCart} disabled={toCart.isPending} className="w-full sm:w-auto">
              <ShoppingCart className="h-4 w-4" aria-hidden /> {toCart.isPending ? 'Adding...' : 'Add all to cart'}
            </Button>
          </div>
          {result && result.skipped.length > 0 && (
            <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm" role="status">
              <p className="flex items-center gap-1 font-medium text-amber-800"><AlertTriangle className="h-4 w-4" aria-hidden /> Not added:</p>
              <ul className="mt-1 space-y-1" data-testid="list-skipped">
                {result.skipped.map((s) => (
                  <li key={s.sku}><span className="font-medium">{s.product_name}</span> <span className="text-slate-500">({s.sku}) × {s.quantity}</span>: {s.detail}</li>
                ))}
              </ul>
            </div>
          )}
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="list-items">
            {list.items.map((i) => (
              <ListLine key={i.id} listId={list.id} item={i} onChange={set} onAdd={(q) => addItem(i.variant_id, q)} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function ListLine({ listId, item, onChange, onAdd }: { listId: string; item: Item; onChange(next: SavedListDto): void; onAdd(quantity: number): Promise<boolean> }) {
  const [qty, setQty] = useState(String(item.quantity));
  const update = trpc.lists.updateItem.useMutation();
  const remove = trpc.lists.removeItem.useMutation();
  const label = `${item.product_name} ${item.size} (${item.pack_size} pcs)`;

  async function saveQty() {
    const n = Number(qty);
    if (n === item.quantity) return;
    try {
      onChange(await update.mutateAsync({ id: listId, item_id: item.id, quantity: n }));
      toast.success('Quantity updated');
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to update the list');
      setQty(String(item.quantity));
    }
  }

  async function onRemove() {
    try {
      onChange(await remove.mutateAsync({ id: listId, item_id: item.id }));
      toast.success('Removed from the list');
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to update the list');
    }
  }

  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="list-item">
      <div className="min-w-0">
        <Link to={`/products/${item.product_id}`} className="font-medium text-slate-900 hover:text-emerald-700">{label}</Link>
        <p className="break-all text-xs text-slate-500">{item.sku}</p>
        <p className="mt-1 text-sm text-slate-600">
          {item.unit_price === null ? 'No price yet' : `${money(item.unit_price)} per pack`} ·{' '}
          <span className={item.available > 0 ? 'text-emerald-700' : 'text-red-600'}>{item.available > 0 ? `${item.available} available` : 'Out of Stock'}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="number"
          // The variant's order quantity rules (smallestAllowed, stepOf), written out: importing them
          // here would split them from the product page's stepper chunk and cost its first load.
          min={item.order_minimum ?? item.order_multiple ?? 1}
          step={item.order_multiple ?? 1}
          inputMode="numeric"
          value={qty}
          onChange={(e) => setQty(e.target.value)}
          onBlur={saveQty}
          onKeyDown={(e) => e.key === 'Enter' && (e.currentTarget as HTMLInputElement).blur()}
          aria-label={`Quantity of ${label}`}
          className="w-20 rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
        />
        <Button size="sm" variant="outline" onClick={() => onAdd(item.quantity)} disabled={item.available <= 0 || item.unit_price === null} aria-label={`Add ${label} to cart`}>
          <ShoppingCart className="h-4 w-4" aria-hidden /> Add
        </Button>
        <button type="button" onClick={onRemove} disabled={remove.isPending} className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-red-600" aria-label={`Remove ${label} from the list`}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </button>
      </div>
    </li>
  );
}

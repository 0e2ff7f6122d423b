import { ChevronRight, ListChecks, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Link, useNavigate } from '../../lib/router';
import { MAX_SAVED_LIST_LINES, MAX_SAVED_LISTS } from '../../../shared/domain/saved-lists';
import { Seo } from '../../components/Seo';
import { Button } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { formatOrderDate } from '../../features/orders/StatusBadge';
import { errorDetail, trpc } from '../../lib/trpc';

/** The buyer's saved lists, and a new one. */
export default function ListsPage() {
  const query = trpc.lists.list.useQuery();
  const create = trpc.lists.create.useMutation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const lists = query.data ?? [];

  async function onCreate() {
    try {
      const list = await create.mutateAsync({ name });
      await utils.lists.list.invalidate();
      toast.success(`List "${list.name}" created`);
      navigate(`/lists/${list.id}`);
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to create the list');
    }
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Seo title="Saved lists" description="Your saved lists of packaging supplies." path="/lists" noindex />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Saved lists</h1>
      <p className="mt-1 text-sm text-slate-600">
        Keep what you reorder in named lists and add a whole list to the cart in one click. Up to {MAX_SAVED_LISTS} lists of {MAX_SAVED_LIST_LINES} lines. Save from a product page, your cart or a past order.
      </p>
      <form
        className="mt-6 flex flex-col gap-2 sm:flex-row"
        onSubmit={(e) => {
          e.preventDefault();
          void onCreate();
        }}
      >
        <label htmlFor="new-list" className="sr-only">New list name</label>
        <input id="new-list" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} placeholder="New list name, e.g. Warehouse B" className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm sm:max-w-sm" />
        <Button type="submit" disabled={create.isPending || name.trim() === ''}>
          <Plus className="h-4 w-4" aria-hidden /> {create.isPending ? 'Creating...' : 'Create list'}
        </Button>
      </form>
      {query.isLoading ? (
        <Spinner label="Loading your lists..." />
      ) : query.isError ? (
        <ErrorState className="mt-8" title="We couldn't load your lists" onRetry={() => query.refetch()} />
      ) : lists.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <ListChecks className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
          <p className="mt-2">No lists yet. Create one above, or use &quot;Save to list&quot; on a product, &quot;Save as a list&quot; in your cart or on a past order.</p>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="saved-lists">
          {lists.map((l) => (
            <li key={l.id}>
              <Link to={`/lists/${l.id}`} className="flex items-center justify-between gap-3 p-4 hover:bg-slate-50">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{l.name}</p>
                  <p className="text-xs text-slate-500">{l.item_count} line(s) · changed {formatOrderDate(l.updated_at)}</p>
                </div>
                <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

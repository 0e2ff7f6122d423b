import { ListPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Link } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { errorDetail, trpc } from '../../lib/trpc';

const NEW = '__new__';

/** "Save to list" on the product page: the chosen variant and quantity, to a list or a new one. */
export default function SaveToList({ variantId, quantity, label }: { variantId: string | null; quantity: number; label: string }) {
  const [open, setOpen] = useState(false);
  const lists = trpc.lists.list.useQuery(undefined, { enabled: open });
  const [choice, setChoice] = useState('');
  const [name, setName] = useState('');
  const create = trpc.lists.create.useMutation();
  const addItem = trpc.lists.addItem.useMutation();
  const utils = trpc.useUtils();
  const busy = create.isPending || addItem.isPending;
  const picked = choice || (lists.data?.[0]?.id ?? NEW);

  async function save() {
    if (!variantId) return toast.error('Please select a variant');
    try {
      let id = picked;
      let listName = lists.data?.find((l) => l.id === picked)?.name ?? '';
      if (picked === NEW) {
        const made = await create.mutateAsync({ name });
        id = made.id;
        listName = made.name;
      }
      await addItem.mutateAsync({ id, variant_id: variantId, quantity });
      await utils.lists.invalidate();
      toast.success(`Saved ${label} to "${listName}"`);
      setOpen(false);
      setName('');
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to save to the list');
    }
  }

  if (!open) {
    return (
      <Button variant="outline" className="w-full" onClick={() => setOpen(true)} disabled={!variantId}>
        <ListPlus className="h-4 w-4" aria-hidden /> Save to list
      </Button>
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-3" data-testid="save-to-list">
      <label className="block text-sm font-medium text-slate-700">
        Save {quantity} × {label} to
        <select value={picked} onChange={(e) => setChoice(e.target.value)} className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm">
          {(lists.data ?? []).map((l) => (
            <option key={l.id} value={l.id}>{`${l.name} (${l.item_count})`}</option>
          ))}
          <option value={NEW}>New list...</option>
        </select>
      </label>
      {picked === NEW && (
        <label className="mt-2 block text-sm font-medium text-slate-700">
          New list name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} placeholder="e.g. Monthly mailers" className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
        </label>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={save} disabled={busy || (picked === NEW && name.trim() === '')}>{busy ? 'Saving...' : 'Save'}</Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>Cancel</Button>
        <Link to="/lists" className="ml-auto text-sm font-medium text-emerald-700 hover:underline">My lists</Link>
      </div>
    </div>
  );
}

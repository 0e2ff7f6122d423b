import { ListPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { useNavigate } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { errorDetail, trpc } from '../../lib/trpc';

/** "Save as a list": the whole cart, or one of the buyer's orders, as a new named list. */
export function SaveAsList({ source, className = '' }: { source: { from_cart: true } | { from_order_id: string }; className?: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const create = trpc.lists.create.useMutation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();

  async function save() {
    try {
      const list = await create.mutateAsync({ name, ...source });
      await utils.lists.invalidate();
      toast.success(`Saved as list "${list.name}" (${list.item_count} line(s))`);
      if (list.left_out) toast(`${list.left_out} line(s) are no longer sold and were left out`, { icon: '⚠️' });
      navigate(`/lists/${list.id}`);
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Failed to save the list');
    }
  }

  if (!open) {
    return (
      <Button variant="ghost" className={className} onClick={() => setOpen(true)}>
        <ListPlus className="h-4 w-4" aria-hidden /> Save as a list
      </Button>
    );
  }
  return (
    <form
      className={`rounded-lg border border-slate-200 bg-slate-50 p-3 ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="block text-left text-sm font-medium text-slate-700">
        List name
        <input autoFocus value={name} onChange={(e) => setName(e.target.value)} maxLength={60} placeholder="e.g. Monthly mailers" className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm" />
      </label>
      <div className="mt-2 flex gap-2">
        <Button type="submit" size="sm" disabled={create.isPending || name.trim() === ''}>{create.isPending ? 'Saving...' : 'Save list'}</Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>Cancel</Button>
      </div>
    </form>
  );
}

import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Modal, errorText, inputClass, labelClass } from './ui';
import { FormActions } from '../../components/ui/FormActions';

type Item = RouterOutputs['admin']['gifts']['listItems'][number];
type Tier = RouterOutputs['admin']['gifts']['listTiers'][number];

/** Both dialogs save the same way: create or update, then the specification's toast either way. */
async function saveWithToast(noun: 'gift item' | 'gift tier', editing: boolean, save: () => Promise<unknown>, onSaved: () => void) {
  try {
    await save();
    toast.success(`${noun[0].toUpperCase()}${noun.slice(1)} ${editing ? 'updated' : 'created'} successfully`);
    onSaved();
  } catch (err) {
    toast.error(`Failed to save ${noun}: ${errorText(err)}`);
  }
}

/** The Active box and the Cancel / save buttons that end both forms. */
function ActiveAndActions(props: { active: boolean; onActive(v: boolean): void; onClose(): void; busy: boolean; canSave: boolean; saveLabel: string }) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={props.active} onChange={(e) => props.onActive(e.target.checked)} className="h-4 w-4 accent-emerald-600" />
        Active
      </label>
      <FormActions onCancel={props.onClose} busy={props.busy} canSave={props.canSave} saveLabel={props.saveLabel} />
    </>
  );
}

export function GiftItemDialog({ open, item, onClose, onSaved }: { open: boolean; item: Item | null; onClose(): void; onSaved(): void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [imageUrl, setImageUrl] = useState('');
  const [stock, setStock] = useState('0');
  const [active, setActive] = useState(true);
  const create = trpc.admin.gifts.createItem.useMutation();
  const update = trpc.admin.gifts.updateItem.useMutation();
  useEffect(() => {
    if (!open) return;
    setName(item?.name ?? '');
    setDescription(item?.description ?? '');
    setImageUrl(item?.image_url ?? '');
    setStock(String(item?.stock_quantity ?? 0));
    setActive(item?.is_active ?? true);
  }, [open, item]);

  const stockNumber = Number(stock);
  const stockOk = Number.isInteger(stockNumber) && stockNumber >= 0;
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = { name, description, image_url: imageUrl || null, stock_quantity: stockNumber, is_active: active };
    await saveWithToast('gift item', Boolean(item), () => (item ? update.mutateAsync({ id: item.id, ...body }) : create.mutateAsync(body)), onSaved);
  }
  const busy = create.isPending || update.isPending;
  return (
    <Modal title={item ? 'Edit Gift Item' : 'Add Gift Item'} open={open} onClose={onClose}>
      <form onSubmit={submit} className="space-y-4">
        <label className={labelClass}>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} className={inputClass} autoFocus />
        </label>
        <label className={labelClass}>
          Description
          <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} className={inputClass} />
        </label>
        <label className={labelClass}>
          Image URL
          {/* text, not url: the browser would refuse the shop's own /uploads/... paths */}
          <input type="text" inputMode="url" value={imageUrl} onChange={(e) => setImageUrl(e.target.value)} placeholder="https://..." className={inputClass} />
          <span className="mt-1 block text-xs text-slate-500">A picture on another site (https only) is fetched, checked and stored by the shop when you save.</span>
        </label>
        <label className={labelClass}>
          Stock quantity
          <input type="number" min={0} step={1} value={stock} onChange={(e) => setStock(e.target.value)} className={inputClass} />
          {!stockOk && <span className="mt-1 block text-xs text-red-600">Stock quantity must be a whole number, 0 or more</span>}
        </label>
        <ActiveAndActions active={active} onActive={setActive} onClose={onClose} busy={busy} canSave={Boolean(name.trim() && description.trim() && stockOk)} saveLabel={item ? 'Update Gift Item' : 'Create Gift Item'} />
      </form>
    </Modal>
  );
}

export function GiftTierDialog({ open, tier, items, onClose, onSaved }: { open: boolean; tier: Tier | null; items: Item[]; onClose(): void; onSaved(): void }) {
  const [name, setName] = useState('');
  const [threshold, setThreshold] = useState('');
  const [limit, setLimit] = useState('1');
  const [ids, setIds] = useState<string[]>([]);
  const [active, setActive] = useState(true);
  const create = trpc.admin.gifts.createTier.useMutation();
  const update = trpc.admin.gifts.updateTier.useMutation();
  useEffect(() => {
    if (!open) return;
    setName(tier?.name ?? '');
    setThreshold(tier ? String(tier.spending_threshold) : '');
    setLimit(String(tier?.gift_limit ?? 1));
    setIds(tier?.gift_item_ids ?? []);
    setActive(tier?.is_active ?? true);
  }, [open, tier]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = { name, spending_threshold: Number(threshold), gift_limit: Math.max(1, Math.floor(Number(limit) || 1)), gift_item_ids: ids, is_active: active };
    await saveWithToast('gift tier', Boolean(tier), () => (tier ? update.mutateAsync({ id: tier.id, ...body }) : create.mutateAsync(body)), onSaved);
  }
  const busy = create.isPending || update.isPending;
  return (
    <Modal title={tier ? 'Edit Gift Tier' : 'Add Gift Tier'} open={open} onClose={onClose}>
      <form onSubmit={submit} className="space-y-4">
        <label className={labelClass}>
          Tier name
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder="Spend $100" className={inputClass} autoFocus />
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className={labelClass}>
            Spending threshold ($)
            <input type="number" min={0} step="0.01" value={threshold} onChange={(e) => setThreshold(e.target.value)} className={inputClass} />
          </label>
          <label className={labelClass}>
            Gift limit
            <input type="number" min={1} step={1} value={limit} onChange={(e) => setLimit(e.target.value)} className={inputClass} />
          </label>
        </div>
        <fieldset>
          <legend className={labelClass}>Available gifts</legend>
          <div className="mt-1 max-h-40 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2" data-testid="tier-gift-list">
            {items.length === 0 && <p className="text-sm text-slate-500">Create gift items first.</p>}
            {items.map((g) => (
              <label key={g.id} className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-slate-50">
                <input type="checkbox" checked={ids.includes(g.id)} onChange={() => setIds((x) => (x.includes(g.id) ? x.filter((y) => y !== g.id) : [...x, g.id]))} className="h-4 w-4 accent-emerald-600" />
                {g.name}
                {!g.is_active && <span className="text-xs text-slate-400">(inactive)</span>}
              </label>
            ))}
          </div>
        </fieldset>
        <ActiveAndActions active={active} onActive={setActive} onClose={onClose} busy={busy} canSave={Boolean(name.trim()) && Number(threshold) > 0} saveLabel={tier ? 'Update Gift Tier' : 'Create Gift Tier'} />
      </form>
    </Modal>
  );
}

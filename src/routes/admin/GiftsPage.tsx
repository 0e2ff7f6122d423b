import { Gift, Layers, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { GiftItemDialog, GiftTierDialog } from '../../features/admin/GiftDialogs';
import { Badge, EmptyState, PageHeader, TabBar, errorText, money, useErrorToast } from '../../features/admin/ui';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type Item = RouterOutputs['admin']['gifts']['listItems'][number];
type Tier = RouterOutputs['admin']['gifts']['listTiers'][number];

export default function GiftsPage() {
  const utils = trpc.useUtils();
  const items = trpc.admin.gifts.listItems.useQuery();
  const tiers = trpc.admin.gifts.listTiers.useQuery();
  useErrorToast(items.error || tiers.error, 'Failed to load gift data');
  const deleteItem = trpc.admin.gifts.deleteItem.useMutation();
  const deleteTier = trpc.admin.gifts.deleteTier.useMutation();
  const [tab, setTab] = useState<'items' | 'tiers'>('items');
  const [itemDialog, setItemDialog] = useState<{ open: boolean; item: Item | null }>({ open: false, item: null });
  const [tierDialog, setTierDialog] = useState<{ open: boolean; tier: Tier | null }>({ open: false, tier: null });
  const reload = () => Promise.all([utils.admin.gifts.listItems.invalidate(), utils.admin.gifts.listTiers.invalidate(), utils.admin.promotions.stats.invalidate()]);

  async function removeItem(g: Item) {
    if (!window.confirm('Are you sure you want to delete this gift item?')) return;
    try {
      await deleteItem.mutateAsync({ id: g.id });
      toast.success('Gift item deleted');
      await reload();
    } catch (err) {
      toast.error(`Failed to delete gift item: ${errorText(err)}`);
    }
  }
  async function removeTier(t: Tier) {
    if (!window.confirm('Are you sure you want to delete this gift tier?')) return;
    try {
      await deleteTier.mutateAsync({ id: t.id });
      toast.success('Gift tier deleted');
      await reload();
    } catch (err) {
      toast.error(`Failed to delete gift tier: ${errorText(err)}`);
    }
  }

  return (
    <div>
      <PageHeader
        title="Gift Management"
        subtitle="Free gifts shoppers pick when they spend enough"
        actions={
          tab === 'items' ? (
            <Button onClick={() => setItemDialog({ open: true, item: null })}><Plus className="h-4 w-4" aria-hidden /> Add Gift Item</Button>
          ) : (
            <Button onClick={() => setTierDialog({ open: true, tier: null })}><Plus className="h-4 w-4" aria-hidden /> Add Gift Tier</Button>
          )
        }
      />
      <TabBar tabs={[['items', `Gift Items (${items.data?.length ?? 0})`], ['tiers', `Gift Tiers (${tiers.data?.length ?? 0})`]]} selected={tab} onSelect={setTab} />

      {tab === 'items' ? (
        items.isLoading ? <Spinner label="Loading gift items..." /> : !items.data?.length ? (
          <EmptyState icon={<Gift className="h-6 w-6" />} title="No Gift Items" text="Add a gift item to start a campaign." />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {items.data.map((g) => (
              <li key={g.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="font-semibold text-slate-900">{g.name}</h2>
                  <Badge tone={g.is_active ? 'emerald' : 'slate'}>{g.is_active ? 'Active' : 'Inactive'}</Badge>
                </div>
                <p className="mt-1 text-sm text-slate-600">{g.description}</p>
                {g.image_url && <img src={g.image_url} alt="" className="mt-3 h-32 w-full rounded-lg object-cover" onError={(e) => (e.currentTarget.style.display = 'none')} />}
                <p className="mt-3 text-sm text-slate-700">Stock: <span className="font-semibold">{g.stock_quantity}</span>{g.allocated > 0 && <span className="text-slate-500"> ({g.allocated} allocated)</span>}</p>
                <p className="font-mono text-xs text-slate-500">ID: {g.id.slice(0, 8)}…</p>
                <div className="mt-auto flex gap-2 pt-3">
                  <Button variant="outline" size="sm" className="flex-1" onClick={() => setItemDialog({ open: true, item: g })}><Pencil className="h-4 w-4" aria-hidden /> Edit</Button>
                  <button type="button" aria-label={`Delete ${g.name}`} onClick={() => removeItem(g)} className="rounded-lg border border-red-200 px-3 text-red-700 hover:bg-red-50"><Trash2 className="h-4 w-4" /></button>
                </div>
              </li>
            ))}
          </ul>
        )
      ) : tiers.isLoading ? <Spinner label="Loading gift tiers..." /> : !tiers.data?.length ? (
        <EmptyState icon={<Layers className="h-6 w-6" />} title="No Gift Tiers" text="Add a tier to offer gifts above a spending threshold." />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {tiers.data.map((t) => (
            <li key={t.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold text-slate-900">{t.name}</h2>
                <Badge tone={t.is_active ? 'emerald' : 'slate'}>{t.is_active ? 'Active' : 'Inactive'}</Badge>
              </div>
              <p className="mt-1 text-sm text-slate-700">Spend {money(t.spending_threshold)} or more</p>
              <p className="text-sm text-slate-700">Select up to {t.gift_limit} gift(s)</p>
              <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Available gifts</p>
              <ul className="mt-1 flex flex-wrap gap-1.5">
                {t.gift_items.length === 0 && <li className="text-sm text-slate-400">None selected</li>}
                {t.gift_items.map((g) => <li key={g.id} className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800">{g.name}</li>)}
              </ul>
              <div className="mt-auto flex gap-2 pt-4">
                <Button variant="outline" size="sm" className="flex-1" onClick={() => setTierDialog({ open: true, tier: t })}><Pencil className="h-4 w-4" aria-hidden /> Edit</Button>
                <button type="button" aria-label={`Delete ${t.name}`} onClick={() => removeTier(t)} className="rounded-lg border border-red-200 px-3 text-red-700 hover:bg-red-50"><Trash2 className="h-4 w-4" /></button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <GiftItemDialog open={itemDialog.open} item={itemDialog.item} onClose={() => setItemDialog({ open: false, item: null })} onSaved={() => { setItemDialog({ open: false, item: null }); void reload(); }} />
      <GiftTierDialog open={tierDialog.open} tier={tierDialog.tier} items={items.data ?? []} onClose={() => setTierDialog({ open: false, tier: null })} onSaved={() => { setTierDialog({ open: false, tier: null }); void reload(); }} />
    </div>
  );
}

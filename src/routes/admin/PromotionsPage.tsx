import { Pencil, Plus, Tag, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { CouponDialog } from '../../features/admin/CouponDialog';
import { Badge, EmptyState, PageHeader, TabBar, errorText, money, longDate, useErrorToast } from '../../features/admin/ui';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type Coupon = RouterOutputs['admin']['coupons']['list'][number];
const usageText = (c: Coupon) =>
  (c.usage_limit != null ? `Used ${c.times_used} of ${c.usage_limit}` : `Used ${c.times_used} time(s)`) +
  (c.usage_limit_per_customer != null ? ` · ${c.usage_limit_per_customer} per customer` : '');
const TABS = ['Discount Coupons', 'Gift Items', 'Gift Tiers'] as const;

export default function PromotionsPage() {
  const utils = trpc.useUtils();
  const stats = trpc.admin.promotions.stats.useQuery();
  const coupons = trpc.admin.coupons.list.useQuery();
  useErrorToast(stats.error || coupons.error, 'Failed to load promotions data');
  const remove = trpc.admin.coupons.delete.useMutation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('Discount Coupons');
  const [dialog, setDialog] = useState<{ open: boolean; coupon: Coupon | null }>({ open: false, coupon: null });

  const reload = () => Promise.all([utils.admin.coupons.list.invalidate(), utils.admin.promotions.stats.invalidate(), utils.admin.dashboard.stats.invalidate()]);

  async function onDelete(c: Coupon) {
    if (!window.confirm('Delete this coupon?')) return;
    try {
      await remove.mutateAsync({ id: c.id });
      toast.success('Coupon deleted');
      await reload();
    } catch (err) {
      toast.error(`Failed to delete coupon: ${errorText(err)}`);
    }
  }

  const s = stats.data;
  const cards = [
    { label: 'Active Coupons', value: s ? `${s.active_coupons}` : '–', note: s ? `of ${s.total_coupons} total` : '' },
    { label: 'Gift Items', value: s ? `${s.active_gift_items}` : '–', note: 'Active gift items' },
    { label: 'Gift Tiers', value: s ? `${s.active_gift_tiers}` : '–', note: s ? `of ${s.total_gift_tiers} total` : '' },
    { label: 'Total Campaigns', value: s ? `${s.active_coupons + s.active_gift_tiers}` : '–', note: 'Active coupons and gift tiers' },
  ];

  return (
    <div>
      <PageHeader title="Promotions & Gifts" subtitle="Discount coupons and free-gift campaigns" actions={<Button onClick={() => setDialog({ open: true, coupon: null })}><Plus className="h-4 w-4" aria-hidden /> Add Coupon</Button>} />
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((c) => (
          <div key={c.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-sm font-medium text-slate-500">{c.label}</p>
            <p className="mt-1 text-2xl font-bold text-slate-900">{c.value}</p>
            <p className="text-xs text-slate-500">{c.note}</p>
          </div>
        ))}
      </div>
      <TabBar tabs={TABS.map((t) => [t, t] as const)} selected={tab} onSelect={setTab} />
      {tab !== 'Discount Coupons' ? (
        <EmptyState title="Coming soon" text="Manage gift items and tiers in Gift management (/admin/gifts)." />
      ) : coupons.isLoading ? (
        <Spinner label="Loading coupons..." />
      ) : !coupons.data?.length ? (
        <EmptyState icon={<Tag className="h-6 w-6" />} title="No discount coupons created yet." />
      ) : (
        <ul className="space-y-3">
          {coupons.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <span className="rounded-lg bg-emerald-50 px-3 py-1.5 font-mono text-sm font-bold text-emerald-800 ring-1 ring-emerald-200">{c.code}</span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">
                  {c.type === 'percent' ? `${c.value}% off` : `${money(c.value)} off`} <Badge tone={c.is_active ? 'emerald' : 'slate'}>{c.is_active ? 'Active' : 'Inactive'}</Badge>
                </p>
                <p className="text-sm text-slate-500">
                  Minimum order {money(c.min_order_amount)} · Valid {longDate(c.valid_from)} – {longDate(c.valid_to)} · {usageText(c)}
                </p>
              </div>
              <div className="flex gap-1">
                <button type="button" aria-label={`Edit ${c.code}`} onClick={() => setDialog({ open: true, coupon: c })} className="rounded-lg p-2 text-slate-600 hover:bg-slate-100">
                  <Pencil className="h-4 w-4" />
                </button>
                <button type="button" aria-label={`Delete ${c.code}`} onClick={() => onDelete(c)} className="rounded-lg p-2 text-red-600 hover:bg-red-50">
                  <Trash2 className="h-4 w-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <CouponDialog open={dialog.open} coupon={dialog.coupon} onClose={() => setDialog({ open: false, coupon: null })} onSaved={() => { setDialog({ open: false, coupon: null }); void reload(); }} />
    </div>
  );
}

import { AlertTriangle, Boxes, ClipboardList, Gift, PackageOpen, Tag, Users } from 'lucide-react';
import { Link } from '../../lib/router';
import { DashboardSalesChart } from '../../features/admin/reports/DashboardSalesChart';
import { SetupChecklist } from '../../features/admin/SetupChecklist';
import { ErrorBox, PageHeader, errorText } from '../../features/admin/ui';
import { useAuth } from '../../features/auth/AuthProvider';
import { mayCall } from '../../../shared/domain/permissions';
import { trpc } from '../../lib/trpc';
import { formatMoney } from '../../../shared/domain/money';

const ACTIONS = [
  { to: '/admin/inventory', label: 'Manage inventory', text: 'Receive stock and adjust counts', icon: Boxes },
  { to: '/admin/packing', label: 'Packing screen', text: 'Real-time stock at the packing table', icon: PackageOpen },
  { to: '/admin/promotions', label: 'Promotions', text: 'Discount coupons', icon: Tag },
  { to: '/admin/gifts', label: 'Gift management', text: 'Free gifts and spending tiers', icon: Gift },
  { to: '/admin/orders', label: 'Orders', text: 'Pack, ship and track orders', icon: ClipboardList },
  { to: '/admin/users', label: 'Users', text: 'Customers, staff and roles', icon: Users },
];

/** "3 out of stock · 5 low": none available is out of stock, never counted as "low" (issue 38). */
const stockNote = (out: number, lowOrOut: number) => `${out} out of stock · ${lowOrOut - out} low on stock`;

export default function DashboardPage() {
  const role = useAuth().user?.role;
  const usersOpen = mayCall(role, 'GET /admin/users');
  const stats = trpc.admin.dashboard.stats.useQuery(undefined, { staleTime: 10_000 });
  // Backups are the admin's: staff never ask (the list is admin only).
  const backups = trpc.admin.backups.list.useQuery(undefined, { enabled: mayCall(role, 'GET /admin/backups'), staleTime: 60_000 });
  const backupWarning = backups.data?.warning;
  const d = stats.data;
  const tiles = [
    { label: 'Inventory', value: d?.sku_count, note: d ? stockNote(d.out_of_stock_count, d.low_stock_count) : '', to: '/admin/inventory' },
    { label: 'Orders', value: d?.order_count, note: d ? `${d.pending_orders} to fulfil` : '', to: '/admin/orders' },
    { label: 'Customers', value: d?.customer_count, note: 'Registered accounts', to: usersOpen ? '/admin/users' : null },
    { label: 'Coupons', value: d?.active_coupons, note: 'Active coupons', to: '/admin/promotions' },
    // What companies owe on invoice and the part past due (decision 0199).
    { label: 'Receivables', value: d ? formatMoney(d.receivables) : undefined, note: d ? `${formatMoney(d.overdue_receivables)} overdue` : '', to: '/admin/reports/receivables', warn: (d?.overdue_receivables ?? 0) > 0 },
  ];
  return (
    <div>
      <PageHeader title="Dashboard" subtitle="Today at a glance" />
      {stats.error && <ErrorBox message={errorText(stats.error)} onRetry={() => stats.refetch()} />}
      {/* The owner's first-run checklist; staff cannot change what it lists. */}
      {mayCall(role, 'GET /admin/setup-checklist') && <SetupChecklist />}
      {backupWarning && (
        <section role="alert" data-testid="backup-warning" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <h2 className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="h-4 w-4" aria-hidden />
            Backups need attention
          </h2>
          <p className="mt-1">
            {backupWarning.message}{' '}
            <Link to="/admin/settings#backups" className="font-semibold text-amber-900 underline">
              Open Settings &gt; Backups
            </Link>
          </p>
        </section>
      )}
      {d && d.unstored_image_count > 0 && (
        <section role="alert" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <h2 className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="h-4 w-4" aria-hidden />
            {d.unstored_image_count} product image(s) are not images the shop stores
          </h2>
          <p className="mt-1">They were saved before the shop checked images and are kept as they were. Open each product, remove the image, and upload the picture again or give its https:// address.</p>
          <ul className="mt-2 space-y-1">
            {d.unstored_images.map((i, n) => (
              <li key={`${i.product_id}-${n}`} className="truncate">
                <Link to={`/admin/products/${i.product_id}/edit`} className="font-semibold text-amber-900 underline">
                  {i.product_name}
                </Link>
                : <code className="text-xs">{i.url.slice(0, 120)}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {tiles.map((t) => {
          const body = (
            <>
              <p className="text-sm font-medium text-slate-500">{t.label}</p>
              {/* An amount of money is longer than a count: a size smaller, so six figures fit the tile. */}
              <p className={`mt-1 font-bold text-slate-900 ${typeof t.value === 'string' ? 'text-2xl leading-9' : 'text-3xl'}`} data-testid={`tile-${t.label.toLowerCase()}`}>
                {t.value ?? <span className="inline-block h-8 w-12 animate-pulse rounded bg-slate-100" />}
              </p>
              <p className={`mt-1 text-xs ${'warn' in t && t.warn ? 'font-semibold text-red-700' : 'text-slate-500'}`}>{t.note}</p>
            </>
          );
          const box = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm';
          return t.to ? (
            <Link key={t.label} to={t.to} className={`${box} transition hover:border-emerald-300 hover:shadow`}>{body}</Link>
          ) : (
            <div key={t.label} className={box}>{body}</div>
          );
        })}
      </div>
      <DashboardSalesChart />
      <h2 className="mb-3 mt-8 text-lg font-semibold text-slate-900">Quick actions</h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {ACTIONS.filter((a) => a.to !== '/admin/users' || usersOpen).map(({ to, label, text, icon: Icon }) => (
          <Link key={to} to={to} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-emerald-300">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{label}</span>
              <span className="block text-sm text-slate-500">{text}</span>
            </span>
          </Link>
        ))}
      </div>
      {d && d.unread_messages > 0 && (
        <p className="mt-6 text-sm text-slate-600">
          <Link to="/admin/messages" className="font-semibold text-emerald-700 hover:underline">
            {d.unread_messages} unread contact message(s)
          </Link>
        </p>
      )}
    </div>
  );
}

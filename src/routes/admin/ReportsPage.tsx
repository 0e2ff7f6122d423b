import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { Navigate, NavLink, Routes, useLocation, type PageRoute } from '../../lib/router';
import { REPORT_SETTINGS_DEFAULTS, type ReportSettings } from '../../../shared/schemas/reports.schema';
import { Button } from '../../components/ui/Button';
import { useAuth } from '../../features/auth/AuthProvider';
import { Card, PageHeader, errorText } from '../../features/admin/ui';
import { GstReport } from '../../features/admin/reports/GstReport';
import { ReceivablesReport } from '../../features/admin/reports/ReceivablesReport';
import { SearchReport } from '../../features/admin/reports/SearchReport';
import { CustomersReport, ProductsReport, PromotionsReport } from '../../features/admin/reports/MoreReports';
import { SalesReport } from '../../features/admin/reports/SalesReport';
import { StockCoverReport } from '../../features/admin/reports/StockCoverReport';
import { trpc } from '../../lib/trpc';

// Reports: a chunk of its own with Chart.js behind it, loaded when opened.
const TABS = [
  { to: 'sales', label: 'Sales' },
  { to: 'products', label: 'Products' },
  { to: 'customers', label: 'Customers' },
  { to: 'promotions', label: 'Promotions' },
  { to: 'stock-cover', label: 'Stock cover' },
  { to: 'gst', label: 'GST' },
  { to: 'receivables', label: 'Receivables' },
  { to: 'search', label: 'Search' },
];

// /admin/reports itself, or a report that is not there, opens Sales.
const REPORTS: PageRoute[] = [
  { path: '/admin/reports/sales', element: <SalesReport /> },
  { path: '/admin/reports/products', element: <ProductsReport /> },
  { path: '/admin/reports/customers', element: <CustomersReport /> },
  { path: '/admin/reports/promotions', element: <PromotionsReport /> },
  { path: '/admin/reports/stock-cover', element: <StockCoverReport /> },
  { path: '/admin/reports/gst', element: <GstReport /> },
  { path: '/admin/reports/receivables', element: <ReceivablesReport /> },
  { path: '/admin/reports/search', element: <SearchReport /> },
  { path: '*', element: <Navigate to="/admin/reports/sales" replace /> },
];

export default function ReportsPage() {
  const { isAdmin } = useAuth();
  const { pathname, search } = useLocation();
  const tabRow = useRef<HTMLElement>(null);
  // On a phone the six tabs are wider than the screen: the row scrolls sideways, and the open
  // report's tab is brought into it (only the row moves, never the page).
  useEffect(() => {
    const row = tabRow.current;
    const active = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !active) return;
    const left = active.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + active.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = Math.max(0, left - (row.clientWidth - active.offsetWidth) / 2);
    }
  }, [pathname]);
  // The range travels between reports; the report's own filters do not.
  const keep = new URLSearchParams(search);
  const carried = new URLSearchParams(['range', 'from', 'to'].flatMap((k) => (keep.get(k) ? [[k, keep.get(k)!]] : [])));
  const suffix = carried.size > 0 ? `?${carried}` : '';
  return (
    <div>
      <PageHeader title="Reports" subtitle="How the shop is doing, compared with the period before" />
      <nav ref={tabRow} aria-label="Reports" className="-mx-3 mb-4 min-w-0 max-w-[100vw] overflow-x-auto px-3">
        <ul className="flex w-max min-w-full gap-1 border-b border-slate-200">
          {TABS.map((t) => (
            <li key={t.to}>
              <NavLink
                to={`/admin/reports/${t.to}${t.to === 'stock-cover' || t.to === 'receivables' ? '' : suffix}`}
                className={({ isActive }) => `block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-emerald-600 text-emerald-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
              >
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes routes={REPORTS} />
      {isAdmin && <ReportSettingsCard />}
    </div>
  );
}

function ReportSettingsCard() {
  const utils = trpc.useUtils();
  const settings = trpc.admin.reports.settings.useQuery();
  const [draft, setDraft] = useState<Partial<Record<keyof ReportSettings, string>>>({});
  const save = trpc.admin.reports.updateSettings.useMutation({
    onSuccess: async () => {
      toast.success('Report settings saved');
      setDraft({});
      await utils.admin.reports.invalidate();
    },
    onError: (e) => toast.error(errorText(e)),
  });
  const s = settings.data ?? REPORT_SETTINGS_DEFAULTS;
  const value = (k: keyof ReportSettings) => draft[k] ?? String(s[k]);
  const field = (k: keyof ReportSettings, label: string, hint: string, type = 'number') => (
    <label className="text-sm font-medium text-slate-700">
      {label}
      <input type={type} min={type === 'number' ? 0 : undefined} max={type === 'number' ? 365 : undefined} className="mt-1 block w-44 rounded-lg border border-slate-300 px-3 py-2 text-sm" value={value(k)} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} />
      <span className="mt-0.5 block text-xs font-normal text-slate-500">{hint}</span>
    </label>
  );
  return (
    <Card className="mt-8">
      <h2 className="text-base font-semibold text-slate-900">Report settings</h2>
      <form
        className="mt-3 flex flex-wrap items-start gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({
            time_zone: value('time_zone'),
            stock_window_days: Number(value('stock_window_days')),
            lead_time_days: Number(value('lead_time_days')),
            cover_days: Number(value('cover_days')),
          });
        }}
      >
        {field('time_zone', 'Time zone', 'Days start at midnight here', 'text')}
        {field('stock_window_days', 'Sales window (days)', 'Sales rate of the stock cover')}
        {field('lead_time_days', 'Lead time (days)', 'From ordering to receiving stock')}
        {field('cover_days', 'Cover period (days)', 'Stock a reorder should last')}
        <Button type="submit" className="mt-6" disabled={save.isPending}>
          Save settings
        </Button>
      </form>
    </Card>
  );
}

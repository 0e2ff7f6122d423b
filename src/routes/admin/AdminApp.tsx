import { ArrowDownUp, BadgePercent, Banknote, Building2, BarChart3, Boxes, ClipboardList, FileText, Gift, LayoutDashboard, Mail, Package, PackageOpen, Search, Settings, Store, Tag, Users } from 'lucide-react';
import { isValidElement, lazy, Suspense } from 'react';
import { matchPageRoute, Navigate, Routes, type PageRoute } from '../../lib/router';
import { Spinner } from '../../components/ui/Spinner';
import { preloadable } from '../../lib/preloadable';
import { whenIdle } from '../../lib/when-idle';
import { preloadChart } from '../../features/admin/reports/Chart';
import { Seo } from '../../components/Seo';
import { useAuth } from '../../features/auth/AuthProvider';
import { AdminNav } from '../../features/admin/AdminNav';
import { DiskBanner } from '../../features/admin/system/DiskBanner';

// Each page is a chunk of its own, so that opening one page loads what it needs and not every page's
// code (issue 38, point 18: the back office's ~50 files on HTTP/1.1's six connections kept the
// packing screen and the dashboard over 1 s). The server's page preloads the chunk of the page at
// its address (server/pages/ssr.ts, ADMIN_PAGES); the others are fetched a few seconds later, so
// moving between pages does not wait. Preloadable, not lazy: a chunk already here does not suspend.
const BankStatementsPage = preloadable(() => import('./BankStatementsPage'));
const DashboardPage = preloadable(() => import('./DashboardPage'));
const GiftsPage = preloadable(() => import('./GiftsPage'));
const InventoryPage = preloadable(() => import('./InventoryPage'));
const MessagesPage = preloadable(() => import('./MessagesPage'));
const OrderDetailPage = preloadable(() => import('./OrderDetailPage'));
const OrdersPage = preloadable(() => import('./OrdersPage'));
const PackingPage = preloadable(() => import('./PackingPage'));
const ProductFormPage = preloadable(() => import('./ProductFormPage'));
const ProductsPage = preloadable(() => import('./ProductsPage'));
const PromotionsPage = preloadable(() => import('./PromotionsPage'));
const QuoteDetailPage = preloadable(() => import('./QuoteDetailPage'));
const QuotesPage = preloadable(() => import('./QuotesPage'));
const SearchSynonymsPage = preloadable(() => import('./SearchSynonymsPage'));
const SettingsPage = preloadable(() => import('./SettingsPage'));
const ShopProfilePage = preloadable(() => import('./ShopProfilePage'));
const UsersPage = preloadable(() => import('./UsersPage'));
const CompaniesAdminPage = preloadable(() => import('../../features/companies/CompaniesAdminPage'));
const CompanyAdminPage = preloadable(() => import('../../features/companies/CompanyAdminPage'));
const PriceListsAdminPage = preloadable(() => import('../../features/price-lists/PriceListsAdminPage'));
const PriceListAdminPage = preloadable(() => import('../../features/price-lists/PriceListAdminPage'));

const WebhookEndpointPage = lazy(() => import('../../features/admin/webhooks/WebhookEndpointPage'));

// CSV import and export is used now and then, so it is a chunk of its own, loaded when opened.
const ImportExportPage = lazy(() => import('./ImportExportPage'));

// Reports and their charting library are a chunk of their own too. Opened at a reports address,
// the reports' chunk (which the server's page preloads too, server/pages/ssr.ts) and Chart.js are
// fetched while the session is checked, and the dashboard's chart likewise: they were asked for one
// after another, after the session, then the figures, had answered (issue 38, point 18).
// Preloadable, not lazy, so that a chunk already here does not suspend the page (src/routes.tsx).
const ReportsPage = preloadable(() => import('./ReportsPage'));
const PAGES = [BankStatementsPage, DashboardPage, GiftsPage, InventoryPage, MessagesPage, OrderDetailPage, OrdersPage, PackingPage, ProductFormPage, ProductsPage, PromotionsPage, QuoteDetailPage, QuotesPage, SearchSynonymsPage, SettingsPage, ShopProfilePage, UsersPage, CompaniesAdminPage, CompanyAdminPage, PriceListsAdminPage, PriceListAdminPage, ReportsPage];
if (typeof window !== 'undefined') {
  const path = window.location.pathname.toLowerCase().replace(/\/+$/, '');
  const reports = path === '/admin/reports' || path.startsWith('/admin/reports/');
  if (reports) void ReportsPage.preload().catch(() => undefined);
  if (reports || path === '/admin') void preloadChart().catch(() => undefined);
  // The other pages a few seconds in, once idle: sooner, their ~70 files queued the page's own
  // calls behind them on HTTP/1.1's six connections (the packing screen's answer came 0.6 s later).
  window.setTimeout(() => {
    whenIdle(() => {
      for (const page of PAGES) void page.preload().catch(() => undefined);
    }, 5_000);
  }, 3_000);
}

// The back office's shell is this lazily loaded module (see src/routes.tsx), so shoppers never
// download it; each page is a chunk of its own (above, decision 0207).
const NAV = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/inventory', label: 'Inventory', icon: Boxes },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/search', label: 'Search', icon: Search },
  { to: '/admin/packing', label: 'Packing', icon: PackageOpen },
  { to: '/admin/orders', label: 'Orders', icon: ClipboardList },
  { to: '/admin/payments', label: 'Payments', icon: Banknote },
  { to: '/admin/quotes', label: 'Quotes', icon: FileText },
  { to: '/admin/companies', label: 'Companies', icon: Building2 },
  { to: '/admin/price-lists', label: 'Price lists', icon: BadgePercent },
  { to: '/admin/reports', label: 'Reports', icon: BarChart3 },
  { to: '/admin/promotions', label: 'Promotions', icon: Tag },
  { to: '/admin/gifts', label: 'Gifts', icon: Gift },
  { to: '/admin/messages', label: 'Messages', icon: Mail },
  { to: '/admin/import-export', label: 'Import / Export', icon: ArrowDownUp },
  { to: '/admin/users', label: 'Users', icon: Users, adminOnly: true },
  { to: '/admin/settings', label: 'Settings', icon: Settings, adminOnly: true },
  { to: '/admin/shop', label: 'Shop details', icon: Store, adminOnly: true },
];

const toDashboard = <Navigate to="/admin" replace />;

/** The back office's pages, by their full paths (the table is matched like the storefront's, first match wins). */
function adminRoutes(isAdmin: boolean): PageRoute[] {
  return [
    { path: '/admin', element: <DashboardPage /> },
    { path: '/admin/inventory', element: <InventoryPage /> },
    { path: '/admin/products', element: <ProductsPage /> },
    { path: '/admin/products/new', element: <ProductFormPage /> },
    { path: '/admin/products/:id/edit', element: <ProductFormPage /> },
    { path: '/admin/search', element: <SearchSynonymsPage /> },
    { path: '/admin/packing', element: <PackingPage /> },
    { path: '/admin/promotions', element: <PromotionsPage /> },
    { path: '/admin/gifts', element: <GiftsPage /> },
    { path: '/admin/orders', element: <OrdersPage /> },
    { path: '/admin/orders/:id', element: <OrderDetailPage /> },
    { path: '/admin/payments', element: <BankStatementsPage /> },
    { path: '/admin/quotes', element: <QuotesPage /> },
    { path: '/admin/quotes/:id', element: <QuoteDetailPage /> },
    { path: '/admin/companies', element: <CompaniesAdminPage /> },
    { path: '/admin/companies/:id', element: <CompanyAdminPage /> },
    { path: '/admin/price-lists', element: <PriceListsAdminPage /> },
    { path: '/admin/price-lists/:id', element: <PriceListAdminPage /> },
    { path: '/admin/messages', element: <MessagesPage /> },
    { path: '/admin/reports/*?', element: <Suspense fallback={<Spinner />}><ReportsPage /></Suspense> },
    { path: '/admin/import-export', element: <Suspense fallback={<Spinner />}><ImportExportPage /></Suspense> },
    { path: '/admin/users', element: isAdmin ? <UsersPage /> : toDashboard },
    { path: '/admin/settings', element: isAdmin ? <SettingsPage /> : toDashboard },
    { path: '/admin/settings/webhooks/:id', element: isAdmin ? <Suspense fallback={<Spinner />}><WebhookEndpointPage /></Suspense> : toDashboard },
    { path: '/admin/shop', element: isAdmin ? <ShopProfilePage /> : toDashboard },
    { path: '*', element: toDashboard },
  ];
}

/**
 * Loads the code of the page at `pathname` (src/routes.tsx waits for it with the back office's), so
 * that the page's first render does not suspend: React holds a fallback it has shown ~300 ms.
 */
export function preloadPageAt(pathname: string): Promise<unknown> {
  const element = matchPageRoute(adminRoutes(true), pathname)?.element;
  const page = isValidElement(element) ? element.type : undefined;
  return typeof page === 'function' && 'preload' in page ? (page as { preload: () => Promise<unknown> }).preload() : Promise.resolve();
}

export default function AdminApp() {
  const { isAdmin } = useAuth();
  const links = NAV.filter((n) => !n.adminOnly || isAdmin);
  return (
    <div className="bg-slate-50">
      <Seo title="Back office" description="PackShop back office" path="/admin" noindex />
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-3 py-4 sm:px-6 lg:flex-row lg:gap-8 lg:py-8">
        <AdminNav sections={links} />
        {/* Room below the last table or button, so the page scrolls it clear of the chat button. */}
        <div className="min-w-0 flex-1 pb-24">
          <DiskBanner />
          <Suspense fallback={<Spinner />}>
            <Routes routes={adminRoutes(isAdmin)} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}

import { ArrowDownUp, BadgePercent, Banknote, Building2, BarChart3, Boxes, ClipboardList, FileText, Gift, LayoutDashboard, Mail, Package, PackageOpen, Search, Settings, Store, Tag, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Navigate, Routes, type PageRoute } from '../../lib/router';
import { Spinner } from '../../components/ui/Spinner';
import { preloadable } from '../../lib/preloadable';
import { preloadChart } from '../../features/admin/reports/Chart';
import { Seo } from '../../components/Seo';
import { useAuth } from '../../features/auth/AuthProvider';
import { AdminNav } from '../../features/admin/AdminNav';
import { DiskBanner } from '../../features/admin/system/DiskBanner';
import BankStatementsPage from './BankStatementsPage';
import DashboardPage from './DashboardPage';
import GiftsPage from './GiftsPage';
import InventoryPage from './InventoryPage';
import MessagesPage from './MessagesPage';
import OrderDetailPage from './OrderDetailPage';
import OrdersPage from './OrdersPage';
import PackingPage from './PackingPage';
import ProductFormPage from './ProductFormPage';
import ProductsPage from './ProductsPage';
import PromotionsPage from './PromotionsPage';
import QuoteDetailPage from './QuoteDetailPage';
import QuotesPage from './QuotesPage';
import SearchSynonymsPage from './SearchSynonymsPage';
import SettingsPage from './SettingsPage';
import ShopProfilePage from './ShopProfilePage';
import UsersPage from './UsersPage';
import CompaniesAdminPage from '../../features/companies/CompaniesAdminPage';
import CompanyAdminPage from '../../features/companies/CompanyAdminPage';
import PriceListsAdminPage from '../../features/price-lists/PriceListsAdminPage';
import PriceListAdminPage from '../../features/price-lists/PriceListAdminPage';

const WebhookEndpointPage = lazy(() => import('../../features/admin/webhooks/WebhookEndpointPage'));

// CSV import and export is used now and then, so it is a chunk of its own, loaded when opened.
const ImportExportPage = lazy(() => import('./ImportExportPage'));

// Reports and their charting library are a chunk of their own too. Opened at a reports address,
// the reports' chunk (which the server's page preloads too, server/pages/ssr.ts) and Chart.js are
// fetched while the session is checked, and the dashboard's chart likewise: they were asked for one
// after another, after the session, then the figures, had answered (issue 38, point 18).
// Preloadable, not lazy, so that a chunk already here does not suspend the page (src/routes.tsx).
const ReportsPage = preloadable(() => import('./ReportsPage'));
if (typeof window !== 'undefined') {
  const path = window.location.pathname.toLowerCase().replace(/\/+$/, '');
  const reports = path === '/admin/reports' || path.startsWith('/admin/reports/');
  if (reports) void ReportsPage.preload().catch(() => undefined);
  if (reports || path === '/admin') void preloadChart().catch(() => undefined);
}

// The whole back office is this one lazily loaded module (see src/routes.tsx), so shoppers never
// download it. Its pages are imported statically here and share one chunk.
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
          <Routes routes={adminRoutes(isAdmin)} />
        </div>
      </div>
    </div>
  );
}

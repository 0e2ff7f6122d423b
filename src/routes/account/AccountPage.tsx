import { Building2, FileText, KeyRound, MapPin, Package, RotateCcw, User } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from '../../lib/router';
import { Seo } from '../../components/Seo';
import { ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { ProfileTab } from '../../features/account/ProfileTab';
import { useAuth } from '../../features/auth/AuthProvider';

// The profile is the tab that opens; the others load when chosen, off the page's first load (decision 0147).
const AddressesTab = lazy(() => import('../../features/account/AddressesTab').then((m) => ({ default: m.AddressesTab })));
const PasswordTab = lazy(() => import('../../features/account/PasswordTab').then((m) => ({ default: m.PasswordTab })));
const BuyAgainTab = lazy(() => import('../../features/repeat/BuyAgainTab').then((m) => ({ default: m.BuyAgainTab })));
const CompanyTab = lazy(() => import('../../features/companies/CompanyTab').then((m) => ({ default: m.CompanyTab })));
const QuoteList = lazy(() => import('../../features/quotes/QuoteList').then((m) => ({ default: m.QuoteList })));

const TABS = [
  { id: 'profile', label: 'Profile', icon: User },
  { id: 'addresses', label: 'Addresses', icon: MapPin },
  { id: 'password', label: 'Password', icon: KeyRound },
  { id: 'orders', label: 'Orders', icon: Package },
  { id: 'buy-again', label: 'Buy again', icon: RotateCcw },
  { id: 'quotes', label: 'Quotes', icon: FileText },
  { id: 'company', label: 'Company', icon: Building2 },
] as const;
type Tab = (typeof TABS)[number]['id'];

export default function AccountPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const onboard = params.get('onboard') === 'address';
  const tab: Tab = onboard ? 'addresses' : ((TABS.find((t) => t.id === params.get('tab'))?.id ?? 'profile') as Tab);
  const select = (id: Tab) => setParams(id === 'profile' ? {} : { tab: id }, { replace: true });

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Seo title="My Account" description="Your profile and saved addresses." path="/account" noindex />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Account</h1>
      {user && <p className="mt-1 text-sm text-slate-500">Signed in as {user.email}</p>}
      <div role="tablist" aria-label="Account sections" className="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200">
        {/* The Company tab is for company admins (decision 0188); the server decides all the same. */}
        {TABS.filter((t) => t.id !== 'company' || user?.company_role === 'admin').map(({ id, label, icon: Icon }) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            onClick={() => select(id)}
            className={`-mb-px flex items-center gap-2 border-b-2 px-4 py-2 text-sm font-medium ${tab === id ? 'border-emerald-600 text-emerald-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            <Icon className="h-4 w-4" aria-hidden /> {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-6">
        <Suspense fallback={<Spinner />}>
          {tab === 'profile' && <ProfileTab />}
          {tab === 'addresses' && <AddressesTab openAddOnLoad={onboard} />}
          {tab === 'password' && <PasswordTab />}
          {tab === 'buy-again' && <BuyAgainTab />}
          {tab === 'quotes' && <QuoteList />}
          {tab === 'company' && <CompanyTab />}
          {tab === 'orders' && (
            <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
              <Package className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
              <p className="mt-2">Your order history lives on the My Orders page.</p>
              <ButtonLink to="/orders" className="mt-4" variant="outline">Go to My Orders</ButtonLink>
            </div>
          )}
        </Suspense>
      </div>
    </div>
  );
}

import { MapPin, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from '../../lib/router';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/AuthProvider';

const DISMISSED_KEY = 'address_banner_dismissed';

/**
 * Where the banner would only nag (decision 0171): the account page holds the addresses, checkout
 * asks with its own prompt, a confirmation is no place to ask for anything, the back office is staff's.
 */
const QUIET_PATHS = [/^\/account(\/|$)/, /^\/checkout(\/|$)/, /^\/order-success(\/|$)/, /^\/admin(\/|$)/];
const bannerIsQuietOn = (pathname: string) => QUIET_PATHS.some((p) => p.test(pathname));

/**
 * For signed-in users without a default address (docs/spec/storefront.md: "when the default-address lookup
 * answers 404"); dismissed for the session. The browser asks for the saved addresses instead of the
 * default one: a 404 is logged as an error in every browser console, on every page, and one address
 * is always the default while any exist (decision 0042), so "no default" is "none saved". The REST
 * door's GET /api/users/me/addresses/default still answers 404.
 */
export function AddressBanner() {
  const { isSignedIn } = useAuth();
  const location = useLocation();
  const [dismissed, setDismissed] = useState(() => typeof sessionStorage !== 'undefined' && sessionStorage.getItem(DISMISSED_KEY) === '1');
  const quiet = bannerIsQuietOn(location.pathname);
  const query = trpc.users.addresses.useQuery(undefined, { enabled: isSignedIn && !dismissed && !quiet, retry: false, staleTime: 60_000 });
  if (!isSignedIn || dismissed || quiet || !query.data || query.data.some((a) => a.isDefault)) return null;
  return (
    <div className="border-b border-amber-200 bg-amber-50" role="region" aria-label="Add an address" data-testid="address-banner">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm text-amber-900 sm:px-6 lg:px-8">
        <MapPin className="h-4 w-4 flex-none" aria-hidden />
        <p className="flex-1">
          Add a delivery address to check out faster.{' '}
          <Link to="/account?onboard=address" className="font-semibold underline hover:text-amber-700">
            Add address
          </Link>
        </p>
        <button
          type="button"
          aria-label="Dismiss"
          className="rounded p-1 hover:bg-amber-100"
          onClick={() => {
            sessionStorage.setItem(DISMISSED_KEY, '1');
            setDismissed(true);
          }}
        >
          <X className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}

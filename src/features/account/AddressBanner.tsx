import { MapPin, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from '../../lib/router';
import { httpStatusOf, trpc } from '../../lib/trpc';
import { useAuth } from '../auth/AuthProvider';

const DISMISSED_KEY = 'address_banner_dismissed';

/** For signed-in users whose default-address lookup answers 404; dismissed for the session. */
export function AddressBanner() {
  const { isSignedIn } = useAuth();
  const location = useLocation();
  const [dismissed, setDismissed] = useState(() => typeof sessionStorage !== 'undefined' && sessionStorage.getItem(DISMISSED_KEY) === '1');
  const query = trpc.users.defaultAddress.useQuery(undefined, { enabled: isSignedIn && !dismissed, retry: false, staleTime: 60_000 });
  if (!isSignedIn || dismissed || httpStatusOf(query.error) !== 404) return null;
  if (location.pathname === '/account' || location.pathname.startsWith('/admin')) return null;
  return (
    <div className="border-b border-amber-200 bg-amber-50" role="region" aria-label="Add an address">
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

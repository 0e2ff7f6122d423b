import { CloseIcon, LogOutIcon, MenuIcon, PackageIcon, ShieldIcon, UserIcon } from '../ui/inline-icons';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from '../../lib/router';
import { SHOP_NAME } from '../../../shared/constants';
import { useAuth } from '../../features/auth/AuthProvider';
import { CartLink } from '../../features/cart/CartLink';
import { HeaderSearch } from '../../features/catalog/HeaderSearch';
import { buttonClass } from '../ui/Button';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'text-emerald-700' : 'text-slate-600 hover:text-slate-900'}`;

/** Header of docs/spec/storefront.md section 2: which links show depends on who is signed in. */
export function Header() {
  const { user, isSignedIn, isStaff, logout, sessionRead } = useAuth();
  // Until the stored session is read (a server-rendered page, before and while it hydrates) the
  // signed-in links are there too, shown or hidden by the page's session hint (decision 0151).
  const hinted = !sessionRead;
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  const onLogout = async () => {
    setOpen(false);
    await logout();
    navigate('/');
  };

  const links: { to: string; label: string; hint?: string }[] = [
    ...(hinted ? [{ to: '/products', label: 'Products', hint: 'hidden signed-in-staff:inline' }] : isSignedIn && isStaff ? [{ to: '/products', label: 'Products' }] : []),
    { to: '/', label: 'Home' },
    { to: '/quick-order', label: 'Quick order' },
    ...(hinted ? [{ to: '/lists', label: 'Lists', hint: 'hidden signed-in:inline' }] : isSignedIn ? [{ to: '/lists', label: 'Lists' }] : []),
    { to: '/faq', label: 'FAQ' },
    { to: '/contact', label: 'Contact' },
  ];

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900" aria-label={`${SHOP_NAME} home`}>
          <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-emerald-600 text-white">
            <PackageIcon className="h-5 w-5" />
          </span>
          {SHOP_NAME}
        </Link>

        <nav className="hidden items-center gap-1 md:flex" aria-label="Main">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'} className={(state) => `${navClass(state)} ${l.hint ?? ''}`}>
              {l.label}
            </NavLink>
          ))}
        </nav>

        <HeaderSearch className="hidden max-w-xs flex-1 lg:block" />

        <div className="flex items-center gap-2">
          <CartLink />
          <div className="hidden items-center gap-2 md:flex">
            {hinted ? (
              <>
                <Link to="/login" className={buttonClass('primary', 'sm', 'signed-in:hidden')}>
                  Login
                </Link>
                <span className="hidden signed-in:contents">
                  <Link to="/account" className={buttonClass('outline', 'sm')}>
                    <UserIcon className="h-4 w-4" /> Account
                  </Link>
                  <span className="hidden signed-in-staff:contents">
                    <Link to="/admin" className={buttonClass('secondary', 'sm')}>
                      <ShieldIcon className="h-4 w-4" /> Admin
                    </Link>
                  </span>
                  <button type="button" className={buttonClass('ghost', 'sm')} aria-label="Logout">
                    <LogOutIcon className="h-4 w-4" />
                  </button>
                </span>
              </>
            ) : isSignedIn ? (
              <>
                <Link to="/account" className={buttonClass('outline', 'sm')}>
                  <UserIcon className="h-4 w-4" /> Account
                </Link>
                {isStaff && (
                  <Link to="/admin" className={buttonClass('secondary', 'sm')}>
                    <ShieldIcon className="h-4 w-4" /> Admin
                  </Link>
                )}
                <button type="button" onClick={onLogout} className={buttonClass('ghost', 'sm')} aria-label="Logout" title={`Logout ${user?.displayName ?? ''}`}>
                  <LogOutIcon className="h-4 w-4" />
                </button>
              </>
            ) : (
              <Link to="/login" className={buttonClass('primary', 'sm')}>
                Login
              </Link>
            )}
          </div>
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-2 sm:px-6 lg:hidden">
        <HeaderSearch />
      </div>

      {open && (
        <nav className="border-t border-slate-200 bg-white px-4 py-3 md:hidden" aria-label="Mobile">
          <ul className="flex flex-col gap-1" onClick={() => setOpen(false)}>
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === '/'} className={navClass}>
                  {l.label}
                </NavLink>
              </li>
            ))}
            {isSignedIn ? (
              <>
                <li>
                  <NavLink to="/account" className={navClass}>Account</NavLink>
                </li>
                <li>
                  <NavLink to="/orders" className={navClass}>My Orders</NavLink>
                </li>
                <li>
                  <NavLink to="/account?tab=buy-again" className={navClass}>Buy again</NavLink>
                </li>
                <li>
                  <NavLink to="/quotes" className={navClass}>My Quotes</NavLink>
                </li>
                {isStaff && (
                  <li>
                    <NavLink to="/admin" className={navClass}>Admin Panel</NavLink>
                  </li>
                )}
                <li>
                  <button type="button" onClick={onLogout} className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-red-600 hover:bg-red-50">
                    Logout
                  </button>
                </li>
              </>
            ) : (
              <li>
                <NavLink to="/login" className={navClass}>Login</NavLink>
              </li>
            )}
          </ul>
        </nav>
      )}
    </header>
  );
}

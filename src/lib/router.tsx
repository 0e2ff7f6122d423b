import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { matchRoute, Route, Router, useLocation as useWouterLocation, useRouter } from 'wouter';
import { parse as parsePattern } from 'regexparam';

// The app's router: wouter (matching, params, nesting) under the few names the app used from
// react-router-dom, with react-router's behaviour where the app relies on it (decision 0152).
//
// The location is React state, not wouter's external store: a change of location is then a
// transition, as it was under react-router's BrowserRouter, so going to a page whose chunk is not
// loaded yet keeps the current page on screen until it is, instead of replacing the whole layout
// with the Suspense spinner (an update from useSyncExternalStore can never be a transition).

export interface AppLocation {
  pathname: string;
  /** '' or '?...', as window.location.search. */
  search: string;
  /** '' or '#...', as window.location.hash. */
  hash: string;
  /** What the navigation that made this entry passed as `state` (history.state), else null. */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

const LocationContext = createContext<AppLocation>({ pathname: '/', search: '', hash: '', state: null });

const listeners = new Set<() => void>();

/** Set by a navigation to another path; the router scrolls to the top once that page is shown. */
let scrollToTopPending = false;

/** Goes to `to` (a path from the root, with any query and hash), adding a history entry unless `replace`. */
function navigate(to: string, { replace = false, state = null }: NavigateOptions = {}): void {
  const from = window.location.pathname;
  window.history[replace ? 'replaceState' : 'pushState'](state, '', to);
  if (window.location.pathname !== from) scrollToTopPending = true;
  for (const listener of listeners) listener();
}

function currentLocation(): AppLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: window.history.state as unknown };
}

const sameLocation = (a: AppLocation, b: AppLocation) => a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state === b.state;

/** wouter's view of the location, read from the context: its Route and Switch match against it. */
const useContextPathname = (): [string, typeof navigate] => [useContext(LocationContext).pathname, navigate];
const useContextSearch = () => useContext(LocationContext).search;

function RouterAt({ location, children }: { location: AppLocation; children: ReactNode }) {
  return (
    <LocationContext value={location}>
      <Router hook={useContextPathname} searchHook={useContextSearch}>
        {children}
      </Router>
    </LocationContext>
  );
}

/** The router in the browser: follows the address bar (links, navigate, back and forward). */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);
  useLayoutEffect(() => {
    const update = () => {
      const next = currentLocation();
      startTransition(() => setLocation((prev) => (sameLocation(prev, next) ? prev : next)));
    };
    listeners.add(update);
    window.addEventListener('popstate', update);
    // A child's effect may have navigated already (children's effects run before this one).
    update();
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  // A link to another page opens it at its top, as a page load does: the window would otherwise keep
  // the last page's scroll (a product picked low in the listing opened at its reviews, a footer link
  // opened at the next page's footer). Within a page (a filter, a page of results) the page decides;
  // back and forward are left to the browser's own scroll restoration; a #fragment to the browser.
  useLayoutEffect(() => {
    if (!scrollToTopPending) return;
    scrollToTopPending = false;
    if (!location.hash) window.scrollTo(0, 0);
  }, [location]);
  return <RouterAt location={location}>{children}</RouterAt>;
}

/** The router on the server: the request's URL, fixed (src/entry-server.tsx). */
export function StaticRouter({ url, children }: { url: string; children: ReactNode }) {
  const { pathname, search } = new URL(url, 'http://localhost');
  return <RouterAt location={{ pathname, search, hash: '', state: null }}>{children}</RouterAt>;
}

export const useLocation = (): AppLocation => useContext(LocationContext);

export const useNavigate = (): typeof navigate => navigate;

export { useParams } from 'wouter';

type SearchParamsInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The query as URLSearchParams, and a setter that goes to this path with another query (react-router's semantics). */
export function useSearchParams() {
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      // A page being left (its next route still loading) must not pull the shopper back to itself:
      // a debounced search settling after a link was followed once sent the back office back to inventory.
      if (window.location.pathname !== pathname) return;
      const query = new URLSearchParams(typeof next === 'function' ? next(params) : next).toString();
      navigate(pathname + (query ? `?${query}` : ''), options);
    },
    [pathname, params],
  );
  return [params, setParams] as const;
}

/** Goes to `to` once rendered (in an effect: on the server it renders nothing and goes nowhere). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  useEffect(() => navigate(to, { replace, state }), [to, replace, state]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; ref?: Ref<HTMLAnchorElement> } & NavigateOptions;

/**
 * A link that navigates in the page on a plain left click (react-router's rules: the onClick runs
 * first and may prevent it; a modifier key, another button or a target other than _self leaves the
 * click to the browser, e.g. a new tab). A link to the address already shown replaces its entry.
 */
export function Link({ to, replace, state, onClick, target, ...props }: LinkProps) {
  const location = useLocation();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? to === location.pathname + location.search + location.hash, state });
  };
  return <a {...props} href={to} target={target} onClick={click} />;
}

/**
 * A link that knows whether it leads to the page shown: active when the path is the link's, or (without
 * `end`) below it; then it has aria-current="page" and className/children functions get isActive.
 */
export function NavLink({
  end = false,
  className,
  children,
  ...props
}: Omit<LinkProps, 'className' | 'children'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
}) {
  const pathname = useLocation().pathname.toLowerCase();
  const target = props.to.split(/[?#]/)[0].toLowerCase();
  // As react-router: '/admin/reports' is active on '/admin/reports/sales', not on '/admin/reportsx'.
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = pathname === target || (!end && pathname.startsWith(target) && pathname.charAt(slashAt) === '/');
  return (
    <Link {...props} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className}>
      {typeof children === 'function' ? children({ isActive }) : children}
    </Link>
  );
}

/** One line of a route table: a path pattern (`/products/:id`, `*` for the rest, `/admin/*?`) and what it shows. */
export interface PageRoute {
  path: string;
  element: ReactNode;
  /** Loads the page's code ahead of rendering it (preloadRoute). */
  preload?: () => Promise<unknown>;
}

/** The route of `routes` that `pathname` matches first, in table order. */
export const matchPageRoute = (routes: readonly PageRoute[], pathname: string): PageRoute | undefined =>
  routes.find((r) => matchRoute(parsePattern, r.path, pathname)[0]);

/**
 * Shows the first route of the table that matches the location. One <Route> at one place whose
 * path changes with the match: a page shown by two patterns (/products/:id and /products/:id/:slug)
 * keeps its state between them, as under react-router.
 */
export function Routes({ routes }: { routes: readonly PageRoute[] }) {
  const { parser } = useRouter();
  const [pathname] = useWouterLocation();
  const route = routes.find((r) => matchRoute(parser, r.path, pathname)[0]);
  return route ? <Route path={route.path}>{route.element}</Route> : null;
}

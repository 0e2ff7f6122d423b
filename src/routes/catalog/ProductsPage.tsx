import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { activeFilterCount, clearFilters, SORT_LABELS, toFilterInput, toSearchParams, updateFilters } from '../../../shared/domain/catalog-filter';
import { SORT_OPTIONS, type SortBy } from '../../../shared/constants';
import { listingBreadcrumbs } from '../../../shared/seo/breadcrumbs';
import { LISTING_TITLE, listingPageMeta } from '../../../shared/seo/listing-meta';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Seo } from '../../components/Seo';
import { Button } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { FilterChips } from '../../features/catalog/FilterChips';
import { SearchIcon } from '../../components/ui/inline-icons';
import { FilterDrawer } from '../../features/catalog/FilterDrawer';
import { FilterSidebar, filtersShownIn } from '../../features/catalog/FilterSidebar';
import { ProductCard, ProductCardSkeleton } from '../../features/catalog/ProductCard';
import { useCatalogFilters } from '../../features/catalog/useCatalogFilters';
import { siteOrigin } from '../../lib/site-origin';
import { trpc } from '../../lib/trpc';

const SEARCH_DELAY_MS = 350;
// Under an empty listing only: its own chunk, off the page's first load (its 100 KB budget).
const PopularProducts = lazy(() => import('../../features/search/PopularProducts'));
// The pager shows only past one page (the seeded shop has one): loaded when it does; the server renders it whole.
const Pager = lazy(() => import('../../features/catalog/Pager').then((m) => ({ default: m.Pager })));
const DidYouMean = lazy(() => import('../../features/search/DidYouMean').then((m) => ({ default: m.DidYouMean })));

export default function ProductsPage() {
  const [state, setState] = useCatalogFilters();
  const [searchText, setSearchText] = useState(state.search);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const options = trpc.catalog.filterOptions.useQuery(undefined, { staleTime: 60_000 });
  const listing = trpc.catalog.filter.useQuery(toFilterInput(state));

  // Failures are logged (docs/spec/storefront.md section 8) and shown as an error with a retry: an empty
  // state would tell the shopper there are no products, which is false
  // (docs/decisions/0109-errors-are-not-empty-states.md).
  useEffect(() => {
    if (options.error) console.warn('Failed to load filter options', options.error.message);
    if (listing.error) console.warn('Failed to load products', listing.error.message);
  }, [options.error, listing.error]);

  // Keep the box in step with the URL (back/forward, chip removal) ...
  useEffect(() => setSearchText(state.search), [state.search]);
  // ... and the URL in step with the box, once typing pauses.
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    if (searchText.trim() === latest.current.search) return;
    const timer = setTimeout(() => setState((current) => updateFilters(current, { search: searchText.trim() })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, setState]);

  // A server-rendered listing shows its search box, sort and filters before its JavaScript runs:
  // what was typed, chosen or ticked meanwhile is in the elements, not in the state, and is taken up
  // once it has hydrated, in one change (after the effect above, so the typed text wins).
  const searchBox = useRef<HTMLInputElement>(null);
  const sortBox = useRef<HTMLSelectElement>(null);
  const filtersBox = useRef<HTMLElement>(null);
  useEffect(() => {
    const typed = searchBox.current?.value;
    if (typed && typed !== state.search) setSearchText(typed);
    const sort = sortBox.current?.value as SortBy | undefined;
    const filters = filtersBox.current ? filtersShownIn(filtersBox.current, state) : null;
    if (filters || (sort && sort !== state.sort)) setState((current) => updateFilters(current, { ...filters, ...(sort ? { sort } : {}) }));
    // Once, for what was done before hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const count = activeFilterCount(state);
  // ?page=9 of a 2-page listing: say so and offer the last page, not "No products found".
  const pastTheEnd = Boolean(listing.data && listing.data.products.length === 0 && listing.data.total > 0 && state.page > 1);
  const data = listing.data;
  const products = data?.products ?? [];
  const goToPage = (page: number) => {
    setState({ ...state, page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Seo {...listingPageMeta(siteOrigin())} />
      <Breadcrumbs crumbs={listingBreadcrumbs()} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{LISTING_TITLE}</h1>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <form
          role="search"
          className="relative flex-1"
          onSubmit={(e) => {
            e.preventDefault();
            setState(updateFilters(state, { search: searchText.trim() }));
          }}
        >
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <input
            ref={searchBox}
            type="search"
            name="search"
            value={searchText}
            maxLength={200}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Search products or SKU..."
            aria-label="Search products"
            className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-9 pr-3 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-emerald-500"
          />
        </form>
        <div className="flex gap-3">
          <Button variant="outline" className="lg:hidden" onClick={() => setFiltersOpen(true)} aria-haspopup="dialog" aria-expanded={filtersOpen} aria-controls="filters-panel">
            <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden>
              {/* lucide's sliders, inline: the page is at its first-load budget (decision 0147) */}
              <path d="M21 4h-7M10 4H3M21 12h-9M8 12H3M21 20h-5M12 20H3M14 2v4M8 10v4M16 18v4" />
            </svg> Filters ({count})
          </Button>
          <label className="sr-only" htmlFor="sort-by">
            Sort by
          </label>
          <select
            ref={sortBox}
            id="sort-by"
            value={state.sort}
            onChange={(e) => setState(updateFilters(state, { sort: e.target.value as SortBy }))}
            className="flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-emerald-500 sm:flex-none"
          >
            {SORT_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-4">
        <FilterChips state={state} onChange={setState} />
      </div>

      {options.isError && (
        <p role="alert" className="mt-4 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          The filters could not be loaded.
          <button type="button" className="font-semibold underline" onClick={() => void options.refetch()}>
            Try again
          </button>
        </p>
      )}

      <div className="mt-6 lg:grid lg:grid-cols-[16rem_1fr] lg:gap-8">
        <FilterDrawer
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          total={listing.isFetching ? undefined : data?.total}
          activeCount={count}
          onClear={() => setState(clearFilters(state))}
          panelRef={filtersBox}
        >
          <FilterSidebar state={state} options={options.data} onChange={setState} />
        </FilterDrawer>

        <section aria-labelledby="products-heading" aria-busy={listing.isLoading}>
          {/* The cards' names are h3s: without this h2 they would follow the h1 directly (axe's heading-order). */}
          <h2 id="products-heading" className="sr-only">
            Products
          </h2>
          {listing.isLoading ? (
            <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {Array.from({ length: 6 }, (_, i) => (
                <ProductCardSkeleton key={i} />
              ))}
            </div>
          ) : listing.isError && !data ? (
            <ErrorState title="We couldn't load the products" onRetry={() => listing.refetch()} />
          ) : pastTheEnd ? (
            <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center" data-testid="past-last-page">
              <SearchIcon className="h-12 w-12 text-slate-300" />
              <h2 className="mt-4 text-lg font-semibold text-slate-900">There is no page {state.page}</h2>
              <p className="mt-1 text-sm text-slate-600">
                {data!.total} product{data!.total === 1 ? '' : 's'} fit on {data!.pages} page{data!.pages === 1 ? '' : 's'}.
              </p>
              <Button className="mt-6" onClick={() => goToPage(Math.max(1, data!.pages))}>
                Go to page {Math.max(1, data!.pages)}
              </Button>
            </div>
          ) : products.length === 0 ? (
            <>
              {/* Less tall on a phone, so the popular products under it begin on the first screen. */}
              <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center sm:py-16">
                <SearchIcon className="h-12 w-12 text-slate-300" />
                <h2 className="mt-4 text-lg font-semibold text-slate-900">No products found</h2>
                {data?.did_you_mean && (
                  <Suspense fallback={null}>
                    <DidYouMean term={data.did_you_mean} href={`/products?${toSearchParams(updateFilters(state, { search: data.did_you_mean })).toString()}`} />
                  </Suspense>
                )}
                <p className="mt-1 text-sm text-slate-600">Try adjusting your filters or search terms</p>
                <Button className="mt-6" onClick={() => setState(clearFilters(state))}>
                  Clear filters
                </Button>
              </div>
              <Suspense fallback={null}>
                <PopularProducts />
              </Suspense>
            </>
          ) : (
            <>
              <p className="mb-4 text-sm text-slate-600" aria-live="polite">
                {data!.total} product{data!.total === 1 ? '' : 's'}
              </p>
              <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
                {products.map((p, i) => (
                  <ProductCard key={p.id} product={p} index={i} />
                ))}
              </div>
              <Suspense fallback={null}>
                <Pager page={state.page} pages={data!.pages} hrefFor={(page) => `/products?${toSearchParams({ ...state, page }).toString()}`} onPage={goToPage} />
              </Suspense>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

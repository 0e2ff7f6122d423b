import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DehydratedState } from '@tanstack/react-query';
import { createServerSideHelpers } from '@trpc/react-query/server';
import { parseFilterParams, relatedProductsInput, toFilterInput, toSearchParams } from '../../shared/domain/catalog-filter';
import { IMAGE_SIZES } from '../../shared/domain/responsive-images';
import type { AppDeps } from '../deps';
import { projectRoot } from '../lib/paths';
import { createContextInner } from '../trpc/context';
import { appRouter } from '../trpc/root';

// Server rendering of the storefront's public pages: which paths are rendered, the queries each
// one runs before rendering (the same tRPC procedures and inputs the page's components ask for, so
// the browser finds them in its cache and fetches nothing again), and the Vite SSR bundle's render().

/** What src/entry-server.tsx exports. */
export interface SsrEntry {
  render(url: string, state: DehydratedState): Promise<{ html: string }>;
}

/** The production SSR bundle (`npm run build`), if it was built. */
export function builtSsrEntry(): (() => Promise<SsrEntry>) | undefined {
  const file = join(projectRoot, 'dist', 'ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  return () => import(pathToFileURL(file).href) as Promise<SsrEntry>;
}

type Helpers = ReturnType<typeof createServerSideHelpers<typeof appRouter>>;

export interface PagePlan {
  /** The URL the page is rendered at: the path, and for the listing its filters in their one canonical order. */
  url: string;
  /** The page's source module, whose chunks it loads after its first paint (Vite's manifest key). */
  module: string;
  /** Runs the page's queries; null when the page has nothing to show (the shell answers instead). */
  load(helpers: Helpers): Promise<PageLoad | null>;
}

export interface PageLoad {
  /** The image that is the page's largest paint, to preload from the head (its `sizes` as the page lays it out). */
  lcpImage?: { url: string; sizes: string };
}

const STATIC_PAGES: Record<string, string> = {
  '/': 'src/routes/static/AboutPage.tsx',
  '/about': 'src/routes/static/AboutPage.tsx',
  '/home': 'src/routes/home/HomePage.tsx',
  '/faq': 'src/routes/static/FaqPage.tsx',
  '/contact': 'src/routes/static/ContactPage.tsx',
  '/shipping': 'src/routes/static/ShippingPage.tsx',
  // The cart is the same page for everyone on the server: its empty state and the placeholder of a
  // cart being loaded, one shown by the head's hint until the page has hydrated (decision 0153).
  '/cart': 'src/routes/cart/CartPage.tsx',
};
const PRODUCT_PAGE = 'src/routes/catalog/ProductDetailPage.tsx';

/**
 * Client-rendered pages people land on from outside (a quick-order link, a bookmark): their shell
 * preloads the page's chunk beside the entry, so it does not wait for the entry to ask for it.
 */
const CLIENT_PAGE_MODULES: Readonly<Record<string, string>> = {
  '/quick-order': 'src/routes/quick-order/QuickOrderPage.tsx',
  '/login': 'src/routes/auth/LoginPage.tsx',
};

/**
 * The back office is client-rendered and gated by the session check, which needs tRPC's client
 * chunk; its own chunk and the page's at the address (ADMIN_PAGES) are needed right after. They are
 * asked for beside the entry, not one after another once it has run (issue 38, point 18: the
 * session check waited for the tRPC chunk, which queued behind the back office's ~30 chunks on
 * HTTP/1.1's six connections, and the reports' chunk was asked for only once the session had
 * answered). tRPC's client first: the session check waits for it. Chart.js (48 KB) is not among
 * them: on a phone's link it would share the bandwidth with the entry, and the charts sit below
 * the figures; the back office's chunk asks for it as it runs (src/routes/admin/AdminApp.tsx).
 */
function adminModules(path: string): string[] {
  const p = backOfficePath(path);
  if (p === null) return [];
  const page = ADMIN_PAGES.find(([pattern]) => pattern.test(p))?.[1];
  return ['src/lib/trpc-transport.ts', 'src/routes/admin/AdminApp.tsx', ...(page ? [page] : [])];
}

/** A back-office address as its route table matches it (lower case, no trailing slash); null for any other. */
export function backOfficePath(path: string): string | null {
  const p = path.toLowerCase().replace(/\/+$/, '');
  return p === '/admin' || p.startsWith('/admin/') ? p : null;
}

/**
 * Each back-office page is a chunk of its own (src/routes/admin/AdminApp.tsx): the one at the
 * address is preloaded beside the back office's, by the same paths as its route table.
 */
const ADMIN_PAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/admin$/, 'src/routes/admin/DashboardPage.tsx'],
  [/^\/admin\/inventory$/, 'src/routes/admin/InventoryPage.tsx'],
  [/^\/admin\/products$/, 'src/routes/admin/ProductsPage.tsx'],
  [/^\/admin\/products\/(new|[^/]+\/edit)$/, 'src/routes/admin/ProductFormPage.tsx'],
  [/^\/admin\/search$/, 'src/routes/admin/SearchSynonymsPage.tsx'],
  [/^\/admin\/packing$/, 'src/routes/admin/PackingPage.tsx'],
  [/^\/admin\/promotions$/, 'src/routes/admin/PromotionsPage.tsx'],
  [/^\/admin\/gifts$/, 'src/routes/admin/GiftsPage.tsx'],
  [/^\/admin\/orders$/, 'src/routes/admin/OrdersPage.tsx'],
  [/^\/admin\/orders\/[^/]+$/, 'src/routes/admin/OrderDetailPage.tsx'],
  [/^\/admin\/payments$/, 'src/routes/admin/BankStatementsPage.tsx'],
  [/^\/admin\/quotes$/, 'src/routes/admin/QuotesPage.tsx'],
  [/^\/admin\/quotes\/[^/]+$/, 'src/routes/admin/QuoteDetailPage.tsx'],
  [/^\/admin\/companies$/, 'src/features/companies/CompaniesAdminPage.tsx'],
  [/^\/admin\/companies\/[^/]+$/, 'src/features/companies/CompanyAdminPage.tsx'],
  [/^\/admin\/price-lists$/, 'src/features/price-lists/PriceListsAdminPage.tsx'],
  [/^\/admin\/price-lists\/[^/]+$/, 'src/features/price-lists/PriceListAdminPage.tsx'],
  [/^\/admin\/messages$/, 'src/routes/admin/MessagesPage.tsx'],
  [/^\/admin\/reports(\/.*)?$/, 'src/routes/admin/ReportsPage.tsx'],
  [/^\/admin\/users$/, 'src/routes/admin/UsersPage.tsx'],
  [/^\/admin\/settings$/, 'src/routes/admin/SettingsPage.tsx'],
  [/^\/admin\/shop$/, 'src/routes/admin/ShopProfilePage.tsx'],
];

/** The chunks a client-rendered page at `path` preloads from its head (none for most). */
export function clientPageModules(path: string): string[] {
  return Object.hasOwn(CLIENT_PAGE_MODULES, path) ? [CLIENT_PAGE_MODULES[path]] : adminModules(path);
}

const PRODUCT_ROUTE = /^\/(?:products\/([A-Za-z0-9_-]{1,64})(?:\/[^/]+)?|product\/([A-Za-z0-9_-]{1,64}))$/;
// The number of related products the product page shows (src/features/catalog/MoreProducts.tsx).
const RELATED_SHOWN = 4;

/** The plan for a public page (or the cart), or null for pages that stay client-rendered (checkout, account, admin...). */
export function planPage(path: string, search: URLSearchParams): PagePlan | null {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (Object.hasOwn(STATIC_PAGES, normalised)) return { url: normalised, module: STATIC_PAGES[normalised], load: async () => ({}) };
  if (normalised === '/products') {
    const state = parseFilterParams(search);
    const qs = toSearchParams(state).toString();
    return {
      url: qs ? `/products?${qs}` : '/products',
      module: 'src/routes/catalog/ProductsPage.tsx',
      async load(helpers) {
        const [, listing] = await Promise.all([helpers.catalog.filterOptions.prefetch(), helpers.catalog.filter.fetch(toFilterInput(state)).catch(() => null)]);
        // The first card's image is the listing's largest paint on a phone (ProductCard, index 0).
        const first = listing?.products[0]?.images[0];
        return first ? { lcpImage: { url: first, sizes: IMAGE_SIZES.card } } : {};
      },
    };
  }
  const product = PRODUCT_ROUTE.exec(normalised);
  if (product) {
    const id = product[1] ?? product[2];
    return {
      url: normalised,
      module: PRODUCT_PAGE,
      async load(helpers) {
        // A product that is not there: the shell and its 404 answer (pages.router.ts), not a page.
        const detail = await helpers.catalog.byId.fetch({ id }).catch(() => null);
        if (!detail) return null;
        await helpers.catalog.filter.prefetch(relatedProductsInput(detail, RELATED_SHOWN));
        // The gallery's first image (ProductGallery).
        return detail.images[0] ? { lcpImage: { url: detail.images[0], sizes: IMAGE_SIZES.gallery } } : {};
      },
    };
  }
  return null;
}

/** The page's queries, run as an anonymous shopper would run them, ready to travel with the page. */
export async function loadPageState(deps: AppDeps, plan: PagePlan): Promise<{ state: DehydratedState; load: PageLoad } | null> {
  const helpers = createServerSideHelpers({ router: appRouter, ctx: createContextInner({ deps }) });
  try {
    const load = await plan.load(helpers);
    if (!load) return null;
    // Only answers that succeeded travel: an error is the browser's to retry.
    return { state: helpers.dehydrate(), load };
  } finally {
    helpers.queryClient.clear();
  }
}

/**
 * The script tag the browser reads the state from (or any other data the page's scripts read, such
 * as the back office's early calls). JSON in an inert script element, with every
 * "<" (so no "</script>" or "<!--" in a product's text can end it) and the line separators escaped.
 */
export function stateScript(id: string, state: unknown): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script id="${id}" type="application/json">${json}</script>`;
}

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
}

/**
 * The files of a page's chunk and the chunks it imports that the entry does not already hold, from
 * Vite's build manifest, so that the browser fetches them beside the entry instead of after it.
 */
export function createPageChunks(clientDistDir: string | undefined): (module: string) => string[] {
  const file = clientDistDir ? join(clientDistDir, '.vite', 'manifest.json') : undefined;
  if (!file || !existsSync(file)) return () => [];
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const memo = new Map<string, string[]>();
  return (module) => {
    let links = memo.get(module);
    if (links === undefined) {
      const files = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return;
        files.add(chunk.file);
        chunk.imports?.forEach(visit);
      };
      // A module whose chunk also holds modules other chunks import (the back office's, which the
      // reports' chunk shares) is listed under its file ("_<hash>.js", decision 0189) with the chunk's name beside it, not under its path.
      const base = module.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
      visit(Object.hasOwn(manifest, module) ? module : (Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k].name === base) ?? module));
      // The entry and what it imports are already in index.html.
      const entry = Object.values(manifest).find((c) => (c as { isEntry?: boolean }).isEntry);
      const skip = new Set<string>();
      const visitEntry = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || skip.has(chunk.file)) return;
        skip.add(chunk.file);
        chunk.imports?.forEach(visitEntry);
      };
      if (entry) {
        skip.add(entry.file);
        entry.imports?.forEach(visitEntry);
      }
      links = [...files].filter((f) => !skip.has(f));
      memo.set(module, links);
    }
    return links.map((f) => `/${f}`);
  };
}

/** modulepreload links for a client-rendered page's chunks, in its head. */
export const modulePreloadTags = (files: string[]) => files.map((f) => `    <link rel="modulepreload" crossorigin href="${f}" />\n`).join('');

// The hot paths `npm run bench` measures. Each area adds its own entries.

import { newGuestId } from '../../shared/domain/guest-id';
import { productPath } from '../../shared/seo/slug';

export interface BenchContext {
  baseUrl: string;
  /** A signed-in customer's bearer token and email/password. */
  customer: { token: string; email: string; password: string };
  /** The admin's bearer token. */
  adminToken: string;
  /** Calls the shop's REST API and returns the parsed JSON (throws on non-2xx). */
  api(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<any>;
}

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Headers made anew for every request (e.g. a new guest each time, so requests do not share one cart). */
  freshHeaders?: () => Record<string, string>;
  /** A path and body made anew for every request (searches that must not all be one cache entry). */
  freshRequest?: () => { path?: string; body?: unknown };
}

export interface BenchPath {
  name: string;
  /** Builds the request once before the run (tokens, ids from the seeded data). */
  request(ctx: BenchContext): Promise<BenchRequest> | BenchRequest;
  /** Compared against the bare Express figure: the design target, as a fraction (0.5 = 50 %). */
  target?: number;
  connections?: number;
}

const json = { 'content-type': 'application/json' };

/** The first `count` variants of the inventory list, each with a million more units on hand. */
async function plentifulVariants({ api, adminToken }: BenchContext, count: number): Promise<{ variant_id: string; sku: string }[]> {
  const auth = { authorization: `Bearer ${adminToken}` };
  const rows: { variant_id: string; sku: string }[] = (await api('GET', '/api/admin/inventory/page?limit=100', undefined, auth)).items.slice(0, count);
  for (const r of rows) {
    await api('POST', '/api/admin/inventory/adjust', { variant_id: r.variant_id, adjustment_type: 'change', on_hand_change: 1_000_000, reason: 'found', notes: 'bench: repeat buying' }, auth);
  }
  return rows;
}

/** Searches the bench rotates over: plain words, typos, local names, sizes, a SKU prefix and one that finds nothing. */
const SEARCHES = ['polymailer', 'white polymailer', 'whte polymailer', 'polymaler 25x35', 'courier bag', 'mailing bags', '25x35', '250x350mm', 'premium black', 'eco mailer', 'bubbel wrap', 'waterproof'];

export const benchPaths: BenchPath[] = [
  { name: 'GET /api/health', request: () => ({ method: 'GET', path: '/api/health' }) },
  {
    name: 'POST /api/auth/login',
    // argon2id is deliberately slow (~20-50 ms of CPU per attempt): this path is CPU-bound by design.
    connections: 10,
    request: ({ customer }) => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: json,
      body: { email: customer.email, password: customer.password },
    }),
  },
  {
    name: 'GET /api/users/me',
    request: ({ customer }) => ({ method: 'GET', path: '/api/users/me', headers: { authorization: `Bearer ${customer.token}` } }),
  },
  {
    name: 'POST /api/products/filter (default listing)',
    target: 0.5,
    request: () => ({ method: 'POST', path: '/api/products/filter', headers: json, body: { filters: {}, sort: { sort_by: 'best_sellers' }, page: 1, limit: 20 } }),
  },
  {
    name: 'POST /api/products/filter (pink 25x35 in stock, cheapest first)',
    request: () => ({
      method: 'POST',
      path: '/api/products/filter',
      headers: json,
      body: { filters: { colors: ['pink'], sizes: ['25x35'], in_stock_only: true }, sort: { sort_by: 'price_low_high' }, page: 1, limit: 20 },
    }),
  },
  { name: 'GET /api/products/filter-options', request: () => ({ method: 'GET', path: '/api/products/filter-options' }) },
  // The plain listing integrators and the back-office grid call, answered from the same cache as the filter (issue 37).
  { name: 'GET /api/products (plain listing)', target: 0.5, request: () => ({ method: 'GET', path: '/api/products?limit=20' }) },
  // Search (decision 0169): what buyers type, typos, synonyms and sizes included, rotating over 12 queries
  // (each answered from the catalogue cache after its first time, as popular searches are).
  {
    name: 'POST /api/products/filter (search, 12 queries)',
    target: 0.3,
    request: () => {
      let i = 0;
      return { method: 'POST', path: '/api/products/filter', headers: json, body: {}, freshRequest: () => ({ body: { filters: { search: SEARCHES[i++ % SEARCHES.length] }, page: 1, limit: 20 } }) };
    },
  },
  {
    name: 'GET /api/search/suggestions (12 queries)',
    target: 0.3,
    request: () => {
      let i = 0;
      return { method: 'GET', path: '/api/search/suggestions?q=poly', freshRequest: () => ({ path: `/api/search/suggestions?q=${encodeURIComponent(SEARCHES[i++ % SEARCHES.length])}` }) };
    },
  },
  {
    // Every request a query never seen before (no cache can answer): the search itself, on one connection.
    name: 'POST /api/products/filter (search, every query new, 1 connection)',
    connections: 1,
    request: () => {
      let i = 0;
      const words = ['polymailer', 'whte polymailer', 'polymaler', 'eco mailer', 'courier bag'];
      return {
        method: 'POST',
        path: '/api/products/filter',
        headers: json,
        body: {},
        freshRequest: () => {
          i++;
          return { body: { filters: { search: `${words[i % words.length]} ${i}` }, page: 1, limit: 20 } };
        },
      };
    },
  },
  {
    name: 'GET /api/products/{id}',
    target: 0.6,
    request: async ({ api }) => {
      const page = await api('POST', '/api/products/filter', { limit: 1 });
      return { method: 'GET', path: `/api/products/${page.products[0].id}` };
    },
  },
  {
    // Sending is rate-limited per session (20 a minute), so the bench reads a conversation instead.
    name: 'GET /api/chat/sessions/{id}/history',
    request: async ({ api, customer }) => {
      const auth = { authorization: `Bearer ${customer.token}` };
      const session = await api('POST', '/api/chat/sessions', { agent_type: 'sizing', page_context: 'product' }, auth);
      await api('POST', `/api/chat/sessions/${session.session_id}/messages`, { message: 'Which mailer fits A4 documents?' }, auth);
      return { method: 'GET', path: `/api/chat/sessions/${session.session_id}/history?limit=50`, headers: auth };
    },
  },
  {
    // The bare inventory list: one page (100 rows) of the 50,000 variants, in product-name order.
    name: 'GET /api/admin/inventory',
    request: ({ adminToken }) => ({ method: 'GET', path: '/api/admin/inventory', headers: { authorization: `Bearer ${adminToken}` } }),
  },
  {
    // What the inventory screen asks for: 50 rows with the total (the count is cached until stock changes).
    name: 'GET /api/admin/inventory/page (inventory screen)',
    request: ({ adminToken }) => ({ method: 'GET', path: '/api/admin/inventory/page?limit=50', headers: { authorization: `Bearer ${adminToken}` } }),
  },
  {
    // What the packing screen asks for with its colour and size filters: 36 tiles and the number of matches.
    name: 'GET /api/admin/inventory/page (packing: pink 25x35)',
    request: ({ adminToken }) => ({ method: 'GET', path: '/api/admin/inventory/page?color=pink&size=25x35&limit=36', headers: { authorization: `Bearer ${adminToken}` } }),
  },
  {
    // A packing-screen click: a locked read, an update and a ledger row. A change of +1 (rather than
    // 'set' to one value, which is a no-op after the first) so that every request really writes.
    name: 'POST /api/admin/inventory/adjust (packing +1)',
    connections: 10,
    request: async ({ api, adminToken }) => {
      const auth = { authorization: `Bearer ${adminToken}` };
      const rows = await api('GET', '/api/admin/inventory', undefined, auth);
      return {
        method: 'POST',
        path: '/api/admin/inventory/adjust',
        headers: { ...json, ...auth },
        body: { variant_id: rows[0].variant_id, adjustment_type: 'change', on_hand_change: 1, reason: 'found', notes: 'bench: packing +1' },
      };
    },
  },
  {
    // The whole-cart answer: tier prices, shipping rule, gift tiers and the coupon revalidated.
    name: 'GET /api/cart (2 lines + coupon)',
    request: async ({ api }) => {
      const guest = { 'x-session-id': newGuestId() };
      const page = await api('POST', '/api/products/filter', { limit: 2, filters: { in_stock_only: true } });
      for (const p of page.products) {
        const detail = await api('GET', `/api/products/${p.id}`);
        const v = detail.variants.find((x: { available: number }) => x.available >= 10);
        if (v) await api('POST', '/api/cart/add', { variant_id: v.variant_id, quantity: 5 }, guest);
      }
      await api('POST', '/api/cart/coupon', { coupon_code: 'WELCOME10' }, guest).catch(() => undefined);
      return { method: 'GET', path: '/api/cart', headers: guest };
    },
  },
  {
    // +1 of one variant on a guest cart; its stock is raised first so that the run never reaches it.
    name: 'POST /api/cart/add',
    connections: 10,
    request: async ({ api, adminToken }) => {
      const auth = { authorization: `Bearer ${adminToken}` };
      const rows = await api('GET', '/api/admin/inventory', undefined, auth);
      const variantId = rows[0].variant_id;
      await api('POST', '/api/admin/inventory/adjust', { variant_id: variantId, adjustment_type: 'change', on_hand_change: 1_000_000, reason: 'found', notes: 'bench: cart add' }, auth).catch(() => undefined);
      return { method: 'POST', path: '/api/cart/add', headers: { ...json, 'x-session-id': newGuestId() }, body: { variant_id: variantId, quantity: 1 } };
    },
  },
  {
    name: 'POST /api/promotions/validate',
    request: () => ({ method: 'POST', path: '/api/promotions/validate', headers: json, body: { coupon_code: 'WELCOME10', order_subtotal: 120.5, user_id: null } }),
  },
  // Order placement needs a fresh cart per request: measured by scripts/bench/orders.ts (orders/s on
  // PostgreSQL with concurrent clients, and an oversell check).
  // The reports over the last 90 days in the shop's time zone (the bench data holds a year of
  // orders), as an integrator asks for them with the admin's token. Stock cover takes no range: its
  // window is the stock_window_days setting (30 days unless changed), over every variant. One
  // connection: a report is one person's request, and the target is its latency, not a throughput.
  ...(['sales', 'products', 'customers', 'promotions', 'stock-cover', 'gst'] as const).map(
    (report): BenchPath => ({
      name: `GET /api/admin/reports/${report} (90 days)`,
      connections: 1,
      request: ({ adminToken }) => {
        const day = (daysAgo: number) => new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
        const range = report === 'stock-cover' ? '' : `?from=${day(89)}&to=${day(0)}${report === 'sales' ? '&interval=day' : ''}`;
        return { method: 'GET', path: `/api/admin/reports/${report}${range}`, headers: { authorization: `Bearer ${adminToken}` } };
      },
    }),
  ),
  // The server-rendered storefront pages as a browser asks for them (compressed), served from the
  // rendered-page cache after the first request (server/pages/page-cache.ts).
  {
    name: 'GET /products (server-rendered page, from cache)',
    target: 0.5,
    request: () => ({ method: 'GET', path: '/products', headers: { 'accept-encoding': 'br, gzip' } }),
  },
  {
    name: 'GET /products/{id}/{slug} (server-rendered page, from cache)',
    target: 0.5,
    request: async ({ api }) => {
      const page = await api('POST', '/api/products/filter', { limit: 1 });
      return { method: 'GET', path: productPath(page.products[0]), headers: { 'accept-encoding': 'br, gzip' } };
    },
  },
  // Repeat buying (quick order and order again): many lines in one request, each line checked in one
  // round of queries, not one per line. Stock is topped up first so that every line is added.
  {
    name: 'POST /api/cart/bulk (100 lines by SKU, a new guest each)',
    connections: 10,
    request: async (ctx) => {
      const rows = await plentifulVariants(ctx, 100);
      // Each request a new guest pasting the same 100 lines, as many buyers at once would (one shared
      // cart would only measure how long its row lock is held).
      return { method: 'POST', path: '/api/cart/bulk', headers: json, freshHeaders: () => ({ 'x-session-id': newGuestId() }), body: { items: rows.map((r) => ({ sku: r.sku, quantity: 1 })) } };
    },
  },
  {
    // The reorder's fair comparison: one line added to a cart that already holds 30, so that both
    // answer the same 30-line cart.
    name: 'POST /api/cart/add (into a 30-line cart)',
    connections: 10,
    request: async (ctx) => {
      const guest = { 'x-session-id': newGuestId() };
      const rows = await plentifulVariants(ctx, 30);
      for (const r of rows) await ctx.api('POST', '/api/cart/add', { variant_id: r.variant_id, quantity: 1 }, guest);
      return { method: 'POST', path: '/api/cart/add', headers: { ...json, ...guest }, body: { variant_id: rows[0].variant_id, quantity: 1 } };
    },
  },
  {
    name: 'POST /api/orders/{id}/reorder (30 lines; compare with cart add)',
    connections: 10,
    request: async (ctx) => {
      const auth = { authorization: `Bearer ${ctx.customer.token}` };
      const rows = await plentifulVariants(ctx, 30);
      for (const r of rows) await ctx.api('POST', '/api/cart/add', { variant_id: r.variant_id, quantity: 1 }, auth);
      const address = { fullName: 'Bench Buyer', phone: '91234567', addressLine1: '1 Bench Road', postalCode: '123456', city: 'Singapore', state: 'Singapore', country: 'SG' };
      const order = await ctx.api('POST', '/api/orders', { shipping_address: address, payment_method: 'stripe' }, { ...auth, 'idempotency-key': `bench-reorder-${Date.now()}` });
      // An empty JSON body: a POST without a content type is refused (415).
      return { method: 'POST', path: `/api/orders/${order.id}/reorder`, headers: { ...json, ...auth }, body: {} };
    },
  },
  // bench-paths: add entries above this line
];

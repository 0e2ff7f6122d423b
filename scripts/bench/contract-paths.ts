// Issue 40, item 3: a company member's listing, product page and cart against a plain buyer's
// (decision 0193: the member's price list is read per request after the catalogue cache). The
// target is within 10 % of the plain buyer's row, compared by eye in the printed table.
import type { BenchContext, BenchPath, BenchRequest } from './paths';

type Who = 'plain buyer' | 'company member';
const json = { 'content-type': 'application/json' };

let member: Promise<{ token: string; productId: string }> | undefined;

/** A buyer of a company whose price list is 10 % off and lists the first product's first variant. */
function companyMember(ctx: BenchContext) {
  member ??= (async () => {
    const { api, adminToken } = ctx;
    const auth = { authorization: `Bearer ${adminToken}` };
    const page = await api('POST', '/api/products/filter', { limit: 1 });
    const productId = page.products[0].id as string;
    const detail = await api('GET', `/api/products/${productId}`);
    const sku = detail.variants[0].sku as string;
    const list = await api('POST', '/api/admin/price-lists', { name: `Bench contract ${Date.now()}`, percent_off: 10, items: [{ sku, tiers: [{ min_quantity: 1, price: 1.11 }] }] }, auth);
    const company = await api('POST', '/api/admin/companies', { name: `Bench Buyers ${Date.now()} Pte. Ltd.`, country: 'SG', registration_number: '201912345K', price_list_id: list.id }, auth);
    const email = `bench-member-${Date.now()}@example.com`;
    const reg = await api('POST', '/api/auth/register', { email, password: 'bench-member-password', first_name: 'Bench', last_name: 'Member' });
    await api('POST', `/api/admin/companies/${company.id}/members`, { email, role: 'buyer' }, auth);
    return { token: reg.access_token as string, productId };
  })();
  return member;
}

async function tokenOf(ctx: BenchContext, who: Who) {
  return who === 'plain buyer' ? { token: ctx.customer.token, productId: (await companyMember(ctx)).productId } : companyMember(ctx);
}

/** Two lines in the caller's own cart, once. */
const carts = new Map<Who, Promise<void>>();
function fillCart(ctx: BenchContext, who: Who, token: string) {
  if (!carts.has(who)) {
    carts.set(who, (async () => {
      const auth = { authorization: `Bearer ${token}` };
      const page = await ctx.api('POST', '/api/products/filter', { limit: 2, filters: { in_stock_only: true } });
      for (const p of page.products) {
        const detail = await ctx.api('GET', `/api/products/${p.id}`);
        const v = detail.variants.find((x: { available: number }) => x.available >= 10);
        if (v) await ctx.api('POST', '/api/cart/add', { variant_id: v.variant_id, quantity: 5 }, auth);
      }
    })());
  }
  return carts.get(who)!;
}

const rows = (who: Who): BenchPath[] => [
  {
    name: `POST /api/products/filter (default listing, ${who})`,
    request: async (ctx): Promise<BenchRequest> => {
      const { token } = await tokenOf(ctx, who);
      return { method: 'POST', path: '/api/products/filter', headers: { ...json, authorization: `Bearer ${token}` }, body: { page: 1, limit: 20 } };
    },
  },
  {
    name: `GET /api/products/{id} (${who})`,
    request: async (ctx): Promise<BenchRequest> => {
      const { token, productId } = await tokenOf(ctx, who);
      return { method: 'GET', path: `/api/products/${productId}`, headers: { authorization: `Bearer ${token}` } };
    },
  },
  {
    name: `GET /api/cart (2 lines, ${who})`,
    request: async (ctx): Promise<BenchRequest> => {
      const { token } = await tokenOf(ctx, who);
      await fillCart(ctx, who, token);
      return { method: 'GET', path: '/api/cart', headers: { authorization: `Bearer ${token}` } };
    },
  },
];

// Each member row right after the plain buyer's same row, so the two are measured at the same moment
// of the run (the machine's speed drifts, and the first rows run on a colder server).
const plainRows = rows('plain buyer');
const memberRows = rows('company member');
export const contractBenchPaths: BenchPath[] = plainRows.flatMap((p, i) => [p, memberRows[i]]);

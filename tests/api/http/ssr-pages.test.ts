import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../../server/lib/paths';
import { productPayload } from '../../factories/admin';
import { createProduct } from '../../factories/catalog';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { seedCatalogFixture } from '../catalogue/catalog-fixture';

// The storefront's public pages as they leave the server: rendered by the same React components the
// browser hydrates (src/entry-server.tsx, loaded from source here, so no build is needed), with
// the queries' results in an inert JSON script, and cached until the catalogue changes.
const indexHtmlPath = join(projectRoot, 'index.html');

let t: TestApp;
let ids: Awaited<ReturnType<typeof seedCatalogFixture>>;
beforeAll(async () => {
  t = await createTestApp({ indexHtmlPath, ssrEntry: () => import('../../../src/entry-server') });
  ids = await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

async function get(path: string) {
  const res = await fetch(`${t.baseUrl}${path}`);
  const html = await res.text();
  const doc = parse(html);
  const rootText = doc.querySelector('#root')!.text;
  const stateTag = doc.querySelector('script#ssr-state');
  return { status: res.status, html, doc, rootText, state: stateTag ? (JSON.parse(stateTag.text) as { queries: { queryKey: unknown; state: { data: any } }[] }) : null };
}

describe('server-rendered pages', () => {
  it('/products shows every product with its price, and carries the listing and filter options', async () => {
    const p = await get('/products');
    expect(p.status).toBe(200);
    for (const name of ['White Polymailer Bags', 'Pink Polymailer Bags', 'Bubble Wrap Pouches', 'Black Premium Mailers', 'Clear Packing Tape']) expect(p.rootText).toContain(name);
    expect(p.rootText).toContain('$2.20');
    expect(p.doc.querySelectorAll('#root a[data-testid="product-card"]').map((a) => a.getAttribute('href'))).toContain(`/products/${ids.A}/white-polymailer-bags`);
    const keys = p.state!.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys.some((k) => k.startsWith('[["catalog","filter"]'))).toBe(true);
    expect(keys.some((k) => k.startsWith('[["catalog","filterOptions"]'))).toBe(true);
    // "Needs JavaScript" is not true of this page.
    expect(p.html).not.toContain('<noscript>');
  });

  it('/products keeps its URL filters: ?color=pink lists only the pink product', async () => {
    const p = await get('/products?color=pink');
    expect(p.rootText).toContain('Pink Polymailer Bags');
    expect(p.rootText).not.toContain('White Polymailer Bags');
  });

  it('a product page shows its name, price, breadcrumbs and description', async () => {
    const p = await get(`/products/${ids.A}/white-polymailer-bags`);
    expect(p.status).toBe(200);
    expect(p.doc.querySelector('#root h1')?.text).toBe('White Polymailer Bags');
    expect(p.rootText).toContain('Bright white mailers');
    expect(p.rootText).toMatch(/\$10\.00/);
    expect(p.doc.querySelector('#root nav[aria-label="Breadcrumb"]')?.text).toContain('Products');
    // Its head is still the server's one set of tags.
    expect(p.doc.querySelectorAll('head title')).toHaveLength(1);
  });

  it('static pages and the FAQ are rendered', async () => {
    expect((await get('/faq')).rootText).toContain('Frequently Asked Questions');
    expect((await get('/')).doc.querySelector('#root h1')).not.toBeNull();
  });

  it('/cart is rendered with its empty state and the placeholder of a cart being loaded, one shown by the head\'s hint', async () => {
    const p = await get('/cart');
    expect(p.status).toBe(200);
    expect(p.doc.querySelector('#root h1')?.text).toBe('Your cart is empty');
    expect(p.rootText).toContain('Polymailers, bubble wrap and more are waiting for you.');
    // Hidden for a tab that can have a cart (html[data-cart], server/pages/session-hint.ts), which
    // sees the placeholder instead; the page is the same for everyone and asks for no data.
    expect(p.doc.querySelector('#root h1')!.parentNode!.getAttribute('class')).toContain('may-have-cart:hidden');
    // The cart's placeholder (the header's search has a status region of its own, for its suggestions).
    expect(p.doc.querySelector('#root main [role="status"]')!.parentNode!.getAttribute('class')).toBe('hidden may-have-cart:block');
    expect(p.state!.queries).toEqual([]);
    expect(p.html).toContain('data-cart');
  });

  it('pages for signed-in people stay the client-rendered shell', async () => {
    for (const path of ['/checkout', '/account', '/admin']) {
      const p = await get(path);
      expect(p.doc.querySelector('#root')!.innerHTML).toBe('');
      expect(p.state).toBeNull();
    }
  });

  it('an unknown product is the 404 shell, not a rendered page', async () => {
    const p = await get('/products/nope123');
    expect(p.status).toBe(404);
    expect(p.state).toBeNull();
  });

  it("a product's text with </script> and HTML in it stays text, in the page and in the state", async () => {
    const evil = 'Tough </script><script>alert(1)</script><img src=x onerror=alert(2)> \u2028 & "quotes"';
    const id = await createProduct(t.db, { name: 'Escaped Mailer', description: evil });
    const p = await get(`/products/${id}`);
    expect(p.status).toBe(200);
    expect(p.html).not.toContain('<script>alert(1)');
    expect(p.html).not.toContain('<img src=x');
    // The state is one script element whose text has no "<" and no line separator left.
    const states = p.doc.querySelectorAll('script#ssr-state');
    expect(states).toHaveLength(1);
    expect(states[0].text).not.toMatch(/[<\u2028]/);
    expect(p.rootText).toContain('Tough </script><script>alert(1)</script><img src=x onerror=alert(2)>');
    const detail = p.state!.queries.find((q) => JSON.stringify(q.queryKey).startsWith('[["catalog","byId"]'))!.state.data;
    expect(detail.description).toBe(evil);
  });

  it('sends the page compressed the way the browser asks, the same page either way', async () => {
    const texts = [];
    for (const [asked, sent] of [['gzip, deflate, br, zstd', 'br'], ['br;q=0, gzip', 'gzip'], ['identity', null]] as const) {
      const res = await fetch(`${t.baseUrl}/faq`, { headers: { 'accept-encoding': asked } });
      expect(res.headers.get('content-encoding')).toBe(sent);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
      texts.push(await res.text());
    }
    expect(new Set(texts).size).toBe(1);
  });

  it('serves the page from its cache, and renders it afresh after a catalogue change', async () => {
    const path = `/products/${ids.E}`;
    expect((await get(path)).rootText).toContain('Clear Packing Tape');
    // A write that bypasses the catalogue's change event: the cached page still shows the old name.
    await t.db.product.update({ where: { id: ids.E }, data: { name: 'Crystal Packing Tape' } });
    expect((await get(path)).rootText).toContain('Clear Packing Tape');
    const listingBefore = await get('/products');

    // A product added in the back office is a catalogue change: every rendered page goes.
    const staff = (await createUser(t.deps, { role: 'admin' })).token;
    const created = await t.api('POST', '/admin/products', { token: staff, body: productPayload({ name: 'Brand New Mailer' }) });
    expect(created.status).toBe(200);
    expect((await get(path)).rootText).toContain('Crystal Packing Tape');
    expect(listingBefore.rootText).not.toContain('Brand New Mailer');
    expect((await get('/products')).rootText).toContain('Brand New Mailer');
  });
});

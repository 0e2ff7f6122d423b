import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { firstLoadBudget, pageLoads } from '../../scripts/vite-first-load';

// Random base64 text compresses to about three quarters of its length whatever gzip does, so sizes are predictable.
const noise = (kb: number) => randomBytes(Math.round(kb * 1024 * 0.75)).toString('base64');

const root = '/shop';
function bundle() {
  const reactDom = noise(30);
  const cartCode = noise(5);
  return {
    'assets/index.js': {
      type: 'chunk' as const,
      isEntry: true,
      facadeModuleId: `${root}/index.html`,
      imports: ['assets/vendor.js'],
      dynamicImports: ['assets/CartPage.js', 'assets/AdminApp.js'],
      code: 'entry();',
      modules: { [`${root}/src/main.tsx`]: { code: 'entry();' } },
    },
    'assets/vendor.js': {
      type: 'chunk' as const,
      imports: [],
      code: reactDom,
      modules: { [`${root}/node_modules/react-dom/cjs/react-dom-client.production.js`]: { code: reactDom } },
    },
    'assets/CartPage.js': {
      type: 'chunk' as const,
      facadeModuleId: `${root}/src/routes/cart/CartPage.tsx`,
      imports: ['assets/index.js', 'assets/vendor.js'],
      dynamicImports: ['assets/GiftDialog.js'],
      code: cartCode,
      modules: { [`${root}/src/routes/cart/CartPage.tsx`]: { code: cartCode } },
    },
    // Loaded on a click: not part of the cart's first load.
    'assets/GiftDialog.js': { type: 'chunk' as const, facadeModuleId: `${root}/src/features/cart/GiftDialog.tsx`, imports: [], code: noise(50), modules: {} },
    // The back office is not a storefront page.
    'assets/AdminApp.js': { type: 'chunk' as const, facadeModuleId: `${root}/src/routes/admin/AdminApp.tsx`, imports: [], code: noise(80), modules: {} },
  };
}

const routesSource = `
const CartPage = lazyPage(() => import('./routes/cart/CartPage'));
export const routes = [
  { path: '/cart', element: <CartPage /> },
  { path: '/basket', element: <RequireAuth><CartPage /></RequireAuth> },
];
`;

function runPlugin(budgetKb: number) {
  const plugin = firstLoadBudget(budgetKb);
  const emitted: string[] = [];
  const ctx = {
    info: () => undefined,
    emitFile: (file: { source: string }) => emitted.push(file.source),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.configResolved as (c: unknown) => void)({ root, build: { ssr: false } });
  // Run after every other plugin's generateBundle, once Vite has filled in the preload lists.
  const hook = plugin.generateBundle as { order: string; handler: (this: unknown, o: unknown, b: unknown) => void };
  expect(hook.order).toBe('post');
  hook.handler.call(ctx, {}, bundle());
  return emitted;
}

describe('first-load budget', () => {
  it('counts the entry, its static imports and the page, not lazy dialogs or the back office', () => {
    const { pages } = pageLoads(bundle(), root, routesSource);
    expect(pages.map((p) => p.page)).toEqual(['cart/CartPage']);
    expect(pages[0].paths).toEqual(['/cart', '/basket']);
    expect(pages[0].files.map((f) => f.file).sort()).toEqual(['assets/CartPage.js', 'assets/index.js', 'assets/vendor.js']);
    // 35 KB of base64 text (the dialog's 50 and the back office's 80 left out).
    expect(pages[0].kb).toBeGreaterThan(26);
    expect(pages[0].kb).toBeLessThan(36);
    expect(pages[0].heaviest[0].module).toBe('react-dom');
  });

  it('fails the build over the limit, naming the page and its heaviest modules', () => {
    expect(() => runPlugin(20)).toThrow(/over the 20 KB limit[\s\S]*cart\/CartPage[\s\S]*react-dom/);
  });

  it('passes under the limit and writes the figures', () => {
    const [json] = runPlugin(100);
    const figures = JSON.parse(json) as { gzip_kb: number; budget_kb: number; pages: unknown[] };
    expect(figures.budget_kb).toBe(100);
    expect(figures.pages).toHaveLength(1);
    expect(figures.gzip_kb).toBeGreaterThan(22);
  });
});

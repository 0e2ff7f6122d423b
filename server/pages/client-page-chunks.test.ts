import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientPageModules, createPageChunks } from './ssr';

// A build manifest shaped as Vite writes it for this shop: the back office's chunk also holds modules
// the reports' chunk imports, so Vite lists it under its chunk name, not under AdminApp.tsx's path.
const dir = mkdtempSync(join(tmpdir(), 'page-chunks-'));
mkdirSync(join(dir, '.vite'));
writeFileSync(
  join(dir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_shared-S.js'], dynamicImports: ['src/lib/trpc-transport.ts', '_AdminApp-A.js'] },
    '_shared-S.js': { file: 'assets/shared-S.js', name: 'shared' },
    '_icon-I.js': { file: 'assets/icon-I.js', name: 'icon' },
    'src/lib/trpc-transport.ts': { file: 'assets/trpc-transport-T.js', name: 'trpc-transport', isDynamicEntry: true, imports: ['index.html'] },
    '_AdminApp-A.js': { file: 'assets/AdminApp-A.js', name: 'AdminApp', isDynamicEntry: true, imports: ['index.html', '_icon-I.js', '_shared-S.js'] },
    'src/routes/admin/ReportsPage.tsx': { file: 'assets/ReportsPage-R.js', name: 'ReportsPage', isDynamicEntry: true, imports: ['_AdminApp-A.js', '_icon-I.js'] },
    'src/routes/admin/DashboardPage.tsx': { file: 'assets/DashboardPage-D.js', name: 'DashboardPage', isDynamicEntry: true, imports: ['_AdminApp-A.js', '_icon-I.js'] },
    'src/routes/admin/PackingPage.tsx': { file: 'assets/PackingPage-P.js', name: 'PackingPage', isDynamicEntry: true, imports: ['_AdminApp-A.js', '_shared-S.js'] },
    'src/routes/admin/OrderDetailPage.tsx': { file: 'assets/OrderDetailPage-O.js', name: 'OrderDetailPage', isDynamicEntry: true, imports: ['_AdminApp-A.js'] },
    'src/routes/quick-order/QuickOrderPage.tsx': { file: 'assets/QuickOrderPage-Q.js', isDynamicEntry: true, imports: ['index.html'] },
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const preloads = (path: string) => [...new Set(clientPageModules(path).flatMap(createPageChunks(dir)))];

describe('the chunks a client-rendered page preloads from its head', () => {
  it("a back-office address: tRPC first (the session check waits for it), then the back office and the address's page with their imports, not the entry", () => {
    expect(preloads('/admin')).toEqual(['/assets/trpc-transport-T.js', '/assets/AdminApp-A.js', '/assets/icon-I.js', '/assets/DashboardPage-D.js']);
    expect(preloads('/admin/packing')).toEqual(['/assets/trpc-transport-T.js', '/assets/AdminApp-A.js', '/assets/icon-I.js', '/assets/PackingPage-P.js']);
    expect(preloads('/Admin/Orders/ord_1/')).toEqual(['/assets/trpc-transport-T.js', '/assets/AdminApp-A.js', '/assets/icon-I.js', '/assets/OrderDetailPage-O.js']);
  });

  it('a reports address adds the reports chunk', () => {
    expect(preloads('/admin/reports/sales')).toEqual(['/assets/trpc-transport-T.js', '/assets/AdminApp-A.js', '/assets/icon-I.js', '/assets/ReportsPage-R.js']);
    expect(preloads('/admin/reports')).toEqual(preloads('/admin/reports/sales'));
  });

  it('an address of no page preloads the back office alone (it shows the dashboard)', () => {
    expect(preloads('/admin/nothing-here')).toEqual(['/assets/trpc-transport-T.js', '/assets/AdminApp-A.js', '/assets/icon-I.js']);
  });

  it('every back-office page the server names is a module of the repository', () => {
    for (const path of ['/admin', '/admin/inventory', '/admin/products', '/admin/products/new', '/admin/products/p1/edit', '/admin/search', '/admin/packing', '/admin/promotions', '/admin/gifts', '/admin/orders', '/admin/orders/o1', '/admin/payments', '/admin/quotes', '/admin/quotes/q1', '/admin/companies', '/admin/companies/c1', '/admin/price-lists', '/admin/price-lists/l1', '/admin/messages', '/admin/reports/gst', '/admin/users', '/admin/settings', '/admin/shop']) {
      const modules = clientPageModules(path);
      expect(modules, path).toHaveLength(3);
      expect(existsSync(modules[2]), modules[2]).toBe(true);
    }
  });

  it('other pages keep what they had', () => {
    expect(preloads('/quick-order')).toEqual(['/assets/QuickOrderPage-Q.js']);
    expect(preloads('/administrator')).toEqual([]);
    expect(preloads('/checkout')).toEqual([]);
  });
});

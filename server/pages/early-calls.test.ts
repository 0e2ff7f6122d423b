import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { callKey } from '../../shared/early-calls';
import { EARLY_CALLS_CSP, earlyCallsFor, earlyCallsTags } from './early-calls';

const NOW = new Date('2026-11-29T05:00:00Z');
const none = new URLSearchParams();
const [, LIST, SCRIPT] = /<script id="[^"]+" type="application\/json">(.*)<\/script>\n\s*<script>(.*)<\/script>/.exec(earlyCallsTags('/admin/packing', none, NOW))!;

/** What the script in the head asks for in a tab with this storage: the URL and headers of its one fetch, if any. */
function asked(local: Record<string, string>) {
  const fetches: { url: string; headers: unknown }[] = [];
  const window: Record<string, unknown> = {};
  runInNewContext(SCRIPT, {
    window,
    document: { getElementById: () => ({ textContent: LIST }) },
    localStorage: { getItem: (key: string) => (Object.hasOwn(local, key) ? local[key] : null) },
    fetch: (url: string, init: { headers: unknown }) => {
      fetches.push({ url, headers: init.headers });
      return Promise.resolve({ json: () => Promise.resolve([]) });
    },
  });
  return fetches;
}

describe('the early calls of back-office pages (decision 0208)', () => {
  it('lists what the packing screen, the dashboard and the Sales report first ask for, and nothing for shop pages', () => {
    expect(earlyCallsFor('/admin/packing', none, NOW)).toEqual([{ path: 'users.me' }, { path: 'admin.inventory.page', input: { limit: 36 } }, { path: 'admin.inventory.facets' }]);
    expect(earlyCallsFor('/admin', none, NOW)).toEqual([{ path: 'users.me' }, { path: 'admin.dashboard.stats' }]);
    // The last 30 days up to today in Singapore, by day.
    const sales = { path: 'admin.reports.sales', input: { from: '2026-10-31', to: '2026-11-29', interval: 'day' } };
    expect(earlyCallsFor('/admin/reports', none, NOW)).toEqual([{ path: 'users.me' }, { path: 'admin.reports.settings' }, sales]);
    expect(earlyCallsFor('/admin/reports/sales', none, NOW)).toContainEqual(sales);
    // A range in the address is the report's own: only the session check is known.
    expect(earlyCallsFor('/admin/reports/sales', new URLSearchParams('range=last_7_days'), NOW)).toEqual([{ path: 'users.me' }]);
    expect(earlyCallsFor('/admin/orders', none, NOW)).toEqual([{ path: 'users.me' }]);
    expect(earlyCallsTags('/products', none, NOW)).toBe('');
    expect(earlyCallsTags('/administrator', none, NOW)).toBe('');
    expect(earlyCallsTags('/ADMIN/Packing/', none, NOW)).toBe(earlyCallsTags('/admin/packing', none, NOW));
  });

  it('is allowed by the hash of exactly its script', () => {
    expect(EARLY_CALLS_CSP).toBe(`'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`);
  });

  it('asks once, in one batch as tRPC would, only for a tab with a staff session', () => {
    const staff = { access_token: 'tok', user: JSON.stringify({ role: 'staff' }) };
    expect(asked(staff)).toEqual([
      { url: `/trpc/users.me,admin.inventory.page,admin.inventory.facets?batch=1&input=${encodeURIComponent('{"1":{"limit":36}}')}`, headers: { authorization: 'Bearer tok' } },
    ]);
    expect(asked({ access_token: 'tok', user: JSON.stringify({ role: 'customer' }) })).toEqual([]);
    expect(asked({ user: JSON.stringify({ role: 'admin' }) })).toEqual([]);
    expect(asked({ access_token: 'tok', user: '{not json' })).toEqual([]);
    expect(asked({})).toEqual([]);
  });

  it('matches a page call to its early call whatever the order of the input and with unset keys left out', () => {
    expect(callKey('admin.inventory.page', { search: undefined, category: undefined, limit: 36 })).toBe(callKey('admin.inventory.page', { limit: 36 }));
    expect(callKey('admin.reports.sales', { to: 'b', from: 'a', interval: 'day' })).toBe(callKey('admin.reports.sales', { from: 'a', to: 'b', interval: 'day' }));
    expect(callKey('admin.inventory.page', { limit: 36 })).not.toBe(callKey('admin.inventory.page', { limit: 37 }));
    expect(callKey('users.me', undefined)).not.toBe(callKey('admin.dashboard.stats', undefined));
  });
});

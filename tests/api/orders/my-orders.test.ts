import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../shared/constants';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { newId } from '../../../server/db/ids';

// Issue 38, point 10: GET /api/orders and My Orders answered the newest 200 orders and nothing
// older. A buyer pages through every order (a cursor on both doors; REST keeps the array and names
// the next page in X-Next-Cursor and Link) and finds one by order number, days placed or status.

let t: TestApp;
let token: string;
let userId: string;
const DAY = 86_400_000;
const FIRST = Date.parse('2021-01-04T02:00:00Z'); // 10 am in Singapore
const STATUSES: OrderStatus[] = ['delivered', 'delivered', 'shipped', 'cancelled', 'paid'];

/** Five years of weekly orders (261), oldest first; three placed in the same millisecond test the tie on id. */
async function weeklyOrders(uid: string, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId(),
    orderNumber: `PS-W${String(i).padStart(4, '0')}-HIST${uid.slice(-4).toUpperCase()}`,
    userId: uid,
    email: 'buyer@example.com',
    status: STATUSES[i % STATUSES.length],
    subtotalCents: 1000 + i,
    gstCents: 83,
    totalCents: 1000 + i,
    shipFullName: 'Tan Mei Ling',
    shipPhone: '+65 9123 4567',
    shipLine1: '1 Orchard Road',
    shipPostalCode: '238801',
    shipCity: 'Singapore',
    shipState: 'Singapore',
    shipCountry: 'SG',
    createdAt: new Date(i >= n - 3 ? FIRST + (n - 3) * 7 * DAY : FIRST + i * 7 * DAY),
  }));
  await t.db.order.createMany({ data: rows });
}

beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser(t.deps);
  token = u.token;
  userId = u.user.id;
  await weeklyOrders(userId, 261);
  // Someone else's orders never show.
  const other = await createUser(t.deps);
  await weeklyOrders(other.user.id, 5);
});
afterAll(() => t.close());

type Listed = { id: string; order_number: string; created_at: string; status: string };

/** Follows Link rel="next" until there is none; checks X-Next-Cursor names the same cursor. */
async function allPagesRest(path: string) {
  const seen: Listed[] = [];
  let next: string | null = path;
  let pages = 0;
  while (next) {
    const res = await t.api('GET', next.replace(/^\/api/, ''), { token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    seen.push(...(res.body as Listed[]));
    pages++;
    const link = res.headers.get('link');
    const cursor = res.headers.get('x-next-cursor');
    if (!link) {
      expect(cursor).toBeNull();
      next = null;
    } else {
      const m = /^<([^>]+)>; rel="next"$/.exec(link);
      expect(m).not.toBeNull();
      expect(new URL(m![1], 'http://x').searchParams.get('cursor')).toBe(cursor);
      next = m![1];
    }
  }
  return { seen, pages };
}

describe('GET /api/orders pages through the whole history', () => {
  it('answers the newest 200 as an array without a limit, and names the next page', async () => {
    const res = await t.api('GET', '/orders', { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(200);
    expect(res.headers.get('x-next-cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(res.headers.get('link')).toMatch(/^<\/api\/orders\?cursor=[A-Za-z0-9_-]+>; rel="next"$/);
  });

  it('reaches every order exactly once, newest first, the oldest included', async () => {
    const { seen, pages } = await allPagesRest('/orders?limit=50');
    expect(pages).toBe(6);
    expect(seen).toHaveLength(261);
    expect(new Set(seen.map((o) => o.id)).size).toBe(261);
    const stamps = seen.map((o) => o.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(seen[seen.length - 1].order_number).toMatch(/^PS-W0000-/);
  });

  it('keeps pages stable when an order is placed while paging', async () => {
    const first = await t.api('GET', '/orders?limit=10', { token });
    await t.db.order.create({
      data: { id: newId(), orderNumber: 'PS-NEWONE-HIST', userId, email: 'b@example.com', subtotalCents: 1, gstCents: 0, totalCents: 1, shipFullName: 'A', shipPhone: '1', shipLine1: 'x', shipPostalCode: '238801', shipCity: 'S', shipState: 'S', shipCountry: 'SG' },
    });
    const second = await t.api('GET', `/orders?limit=10&cursor=${first.headers.get('x-next-cursor')}`, { token });
    const ids = new Set(first.body.map((o: Listed) => o.id));
    expect(second.body.filter((o: Listed) => ids.has(o.id))).toEqual([]);
    expect(second.body.map((o: Listed) => o.order_number)).not.toContain('PS-NEWONE-HIST');
    await t.db.order.delete({ where: { orderNumber: 'PS-NEWONE-HIST' } });
  });

  it('finds an order by part of its number in any case, by status and by days placed in Singapore time', async () => {
    const byNumber = await t.api('GET', '/orders?search=w0007', { token });
    expect(byNumber.body.map((o: Listed) => o.order_number)).toEqual([expect.stringMatching(/^PS-W0007-/)]);

    const cancelled = await allPagesRest('/orders?status=cancelled&limit=20');
    expect(cancelled.seen.length).toBeGreaterThan(20);
    expect(cancelled.seen.every((o) => o.status === 'cancelled')).toBe(true);
    expect(cancelled.seen).toHaveLength((await t.db.order.count({ where: { userId, status: 'cancelled' } })));

    // Order 0 was placed at 10 am on 4 January 2021 in Singapore (02:00 UTC): that day holds it alone.
    const day = await t.api('GET', '/orders?from=2021-01-04&to=2021-01-04', { token });
    expect(day.body.map((o: Listed) => o.order_number)).toEqual([expect.stringMatching(/^PS-W0000-/)]);
    // A week is orders 0 and 1; the filters and limit travel with the cursor in the Link.
    const weeks = await t.api('GET', '/orders?from=2021-01-04&to=2021-01-11&limit=1', { token });
    expect(weeks.body.map((o: Listed) => o.order_number)).toEqual([expect.stringMatching(/^PS-W0001-/)]);
    const link = weeks.headers.get('link')!;
    expect(link).toContain('from=2021-01-04');
    expect(link).toContain('to=2021-01-11');
    expect(link).toContain('limit=1');
    const rest = await allPagesRest(/^<([^>]+)>/.exec(link)![1]);
    expect(rest.seen.map((o) => o.order_number)).toEqual([expect.stringMatching(/^PS-W0000-/)]);
  });

  it('counts a day in Singapore time, not UTC', async () => {
    // 23:30 UTC on 3 Jan is 7:30 am on 4 Jan in Singapore.
    await t.db.order.create({
      data: { id: newId(), orderNumber: 'PS-EARLY-HIST', userId, email: 'b@example.com', subtotalCents: 1, gstCents: 0, totalCents: 1, shipFullName: 'A', shipPhone: '1', shipLine1: 'x', shipPostalCode: '238801', shipCity: 'S', shipState: 'S', shipCountry: 'SG', createdAt: new Date('2021-01-03T23:30:00Z') },
    });
    const jan4 = await t.api('GET', '/orders?from=2021-01-04&to=2021-01-04', { token });
    expect(jan4.body.map((o: Listed) => o.order_number).sort()).toEqual(['PS-EARLY-HIST', expect.stringMatching(/^PS-W0000-/)].sort());
    const jan3 = await t.api('GET', '/orders?to=2021-01-03', { token });
    expect(jan3.body).toEqual([]);
    await t.db.order.delete({ where: { orderNumber: 'PS-EARLY-HIST' } });
  });

  it('refuses a bad cursor, limit, status or range with 400 and a detail', async () => {
    for (const [q, detail] of [
      ['cursor=not-a-cursor', /cursor is not valid/],
      ['cursor=%25%25', /cursor is not valid/],
      ['limit=0', /limit must be a whole number from 1 to 200/],
      ['limit=201', /limit must be a whole number from 1 to 200/],
      ['status=lost', /status must be one of/],
      ['from=2026-02-30', /from must be a date as YYYY-MM-DD/],
      ['from=2026-03-02&to=2026-03-01', /from must not be after to/],
    ] as const) {
      const res = await t.api('GET', `/orders?${q}`, { token });
      expect(res.status, q).toBe(400);
      expect(res.body.detail, q).toMatch(detail);
    }
    expect((await t.api('GET', '/orders')).status).toBe(401);
  });
});

describe('orders.page on the tRPC door', () => {
  it('pages with the cursor in the answer and the same filters', async () => {
    const caller = t.caller({ token });
    let cursor: string | undefined;
    const ids: string[] = [];
    do {
      const page = await caller.orders.page({ limit: 100, cursor });
      ids.push(...page.items.map((o) => o.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(ids).toHaveLength(261);
    expect(new Set(ids).size).toBe(261);

    const paid = await caller.orders.page({ status: 'paid', search: 'ps-w00', limit: 5 });
    expect(paid.items.map((o) => o.status)).toEqual(Array(5).fill('paid'));
    expect(paid.next_cursor).not.toBeNull();
    // The array procedure answers the same orders on /trpc (its headers are REST's only).
    expect((await caller.orders.list({ limit: 5, status: 'paid', search: 'ps-w00' })).map((o) => o.id)).toEqual(paid.items.map((o) => o.id));
  });
});

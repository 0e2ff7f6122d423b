import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Bank statements matched to orders (decision 0168): the upload over a real multipart HTTP request,
// the review list and its decisions over tRPC, a real database, the outbox read for e-mails.

let t: TestApp;
let staff: Awaited<ReturnType<typeof createUser>>;
let shopper: Awaited<ReturnType<typeof createUser>>;
let variantId: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t.deps, { role: 'staff' });
  shopper = await createUser(t.deps);
  variantId = (await createVariant(t.db, { onHand: 100_000 })).variantId;
});
afterAll(() => t.close());

type Order = Awaited<ReturnType<typeof placeOrderFor>>;
const newOrder = (qty = 1) => placeOrderFor(t, shopper.token, variantId, qty);
const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/bank-statements', name), 'utf8');
const excel = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const fill = (text: string, a: Order) => text.replaceAll('{{A_TOTAL_EXCEL}}', excel(a.total)).replaceAll('{{A_TOTAL}}', a.total.toFixed(2)).replaceAll('{{A}}', a.order_number);

async function upload(content: string | Buffer | null, opts: { token?: string | null; field?: string; name?: string } = {}) {
  const form = new FormData();
  if (content !== null) form.append(opts.field ?? 'file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), opts.name ?? 'statement.csv');
  const headers: Record<string, string> = {};
  const token = opts.token === undefined ? staff.token : opts.token;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${t.baseUrl}/api/admin/payments/bank-statements`, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

const statusOf = async (id: string) => (await t.db.order.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
const paidMails = (o: Order) => t.db.outboxMessage.count({ where: { template: 'order_paid', text: { contains: o.order_number } } });

describe('each bank\'s export', () => {
  for (const [file, bank] of [
    ['dbs.csv', 'dbs'],
    ['ocbc.csv', 'ocbc'],
    ['uob.csv', 'uob'],
    ['generic.csv', 'generic'],
    ['generic-semicolon-bom.csv', 'generic'],
  ] as const) {
    it(`${file} is recognised as ${bank} and pays the order it names`, async () => {
      const a = await newOrder(file === 'generic-semicolon-bom.csv' ? 80 : 1);
      const res = await upload(fill(fixture(file), a));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.bank).toBe(bank);
      expect(res.body.matched).toEqual([expect.objectContaining({ order_id: a.id, order_number: a.order_number, amount: a.total })]);
      expect(res.body.debits).toBe(1);
      expect(res.body.review).toHaveLength(1);
      expect(res.body.review[0]).toMatchObject({ problem: 'unknown_reference', order_id: null });
      if (file === 'generic-semicolon-bom.csv') expect(res.body.review[0].amount).toBe(1234.5);
      expect(await statusOf(a.id)).toBe('paid');
      const payment = await t.db.payment.findFirstOrThrow({ where: { orderId: a.id } });
      expect(payment.provider).toBe(file === 'generic.csv' ? 'bank_transfer' : 'paynow');
      expect(payment.providerRef).toBe(res.body.matched[0].line_id);
      expect(payment.evidence).toMatchObject({ bank, amount: a.total });
      expect(await paidMails(a)).toBe(1);
      const line = await t.db.bankStatementLine.findUniqueOrThrow({ where: { id: payment.providerRef } });
      expect(line).toMatchObject({ status: 'matched', orderId: a.id });

      // The same file again changes nothing, and sends nothing.
      const again = await upload(fill(fixture(file), a));
      expect(again.body).toMatchObject({ matched: [], review: [], already_seen: 2, debits: 1 });
      expect(await paidMails(a)).toBe(1);
    });
  }
});

describe('matching', () => {
  it('an overlapping file adds only its new lines; identical lines in one file are two payments', async () => {
    const a = await newOrder();
    const head = 'date,description,amount,reference\n';
    const first = `2026-11-20,From A,5.00,x1\n2026-11-21,From B,${a.total.toFixed(2)},${a.order_number.toLowerCase()}\n`;
    const r1 = await upload(head + first);
    expect(r1.body.matched).toHaveLength(1);
    const r2 = await upload(`${head + first}2026-11-22,From C,7.00,x3\n2026-11-22,From C,7.00,x3\n`);
    expect(r2.body).toMatchObject({ matched: [], already_seen: 2 });
    expect(r2.body.review).toHaveLength(2);
    expect(await paidMails(a)).toBe(1);
  });

  it('short, over, two orders, unknown, already paid and cancelled wait for a person with the likely order', async () => {
    const [short, over, one, two, paid, cancelled] = [await newOrder(), await newOrder(), await newOrder(), await newOrder(), await newOrder(), await newOrder()];
    await t.db.order.update({ where: { id: paid.id }, data: { status: 'paid' } });
    await t.db.order.update({ where: { id: cancelled.id }, data: { status: 'cancelled' } });
    const nohyphen = short.order_number.replace(/-/g, '');
    const csv = [
      'date,description,amount,reference',
      `2026-11-27,PayNow,${(short.total - 1).toFixed(2)},${nohyphen}`,
      `2026-11-27,PayNow,${(over.total + 1).toFixed(2)},${over.order_number.replace(/-/g, ' ')}`,
      `2026-11-27,PayNow,${one.total.toFixed(2)},${one.order_number} and ${two.order_number}`,
      `2026-11-27,PayNow,10.00,PS-20990101-ZZZZZZ`,
      `2026-11-27,PayNow,${paid.total.toFixed(2)},${paid.order_number}`,
      `2026-11-27,PayNow,${cancelled.total.toFixed(2)},${cancelled.order_number}`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.status).toBe(200);
    expect(res.body.matched).toEqual([]);
    const problems = Object.fromEntries(res.body.review.map((r: any) => [r.order_number ?? 'none', r.problem]));
    expect(problems).toEqual({
      [short.order_number]: 'short_payment',
      [over.order_number]: 'over_payment',
      [one.order_number]: 'several_orders',
      none: 'unknown_reference',
      [paid.order_number]: 'order_not_payable',
      [cancelled.order_number]: 'order_not_payable',
    });
    for (const o of [short, over, one, two]) expect(await statusOf(o.id)).toBe('pending');
  });

  it('echoes text from the file neutralised against spreadsheet formulas, and within length limits', async () => {
    const csv = `date,description,amount,reference\n2026-11-27,"=HYPERLINK(""http://evil"")",3.00,"+cmd|' /C calc'!A0"\n2026-11-27,@SUM(A1),4.00,-2+3\n2026-11-27,"${'x'.repeat(5000)}",5.00,\t=1\n`;
    const res = await upload(csv);
    expect(res.status).toBe(200);
    const [a, b, c] = res.body.review;
    expect(a.description.startsWith("'=")).toBe(true);
    expect(a.reference.startsWith("'+")).toBe(true);
    expect(b.description).toBe("'@SUM(A1)");
    expect(b.reference).toBe("'-2+3");
    expect(c.description.length).toBeLessThanOrEqual(501);
    const list = await t.caller({ token: staff.token }).admin.payments.bankLines({ status: 'review', page: 1, page_size: 200 });
    for (const item of list.items) expect(item.description).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('a person decides', () => {
  it('applies a short line to its order only when the amounts agree, once; dismisses another', async () => {
    const o = await newOrder();
    const res = await upload(`date,description,amount,reference\n2026-11-28,PAYNOW TAN,${(o.total - 2).toFixed(2)},${o.order_number}\n2026-11-28,Refund from supplier,3.33,R9\n`);
    const [shortLine, other] = res.body.review;
    const api = t.caller({ token: staff.token }).admin.payments;
    await expect(api.applyBankLine({ id: shortLine.line_id, order_id: o.id })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(`S$${(o.total - 2).toFixed(2)}`) });
    // The shop agreed to take less: the order's total is changed by staff (simulated), then applied.
    await t.db.order.update({ where: { id: o.id }, data: { totalCents: Math.round((o.total - 2) * 100) } });
    const applied = await api.applyBankLine({ id: shortLine.line_id, order_id: o.id });
    expect(applied).toMatchObject({ status: 'applied', order_id: o.id, order_number: o.order_number });
    expect(await statusOf(o.id)).toBe('paid');
    expect((await t.db.payment.findFirstOrThrow({ where: { orderId: o.id } })).byUserId).toBe(staff.user.id);
    await expect(api.applyBankLine({ id: shortLine.line_id, order_id: o.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(api.applyBankLine({ id: other.line_id, order_number: o.order_number })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already paid') });
    expect(await paidMails(o)).toBe(1);

    // Over REST too: dismiss with a note; a dismissed line cannot be applied.
    const dismissed = await t.api('POST', `/admin/payments/bank-lines/${other.line_id}/dismiss`, { token: staff.token, body: { note: 'supplier refund' } });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.status).toBe('dismissed');
    const late = await t.api('POST', `/admin/payments/bank-lines/${other.line_id}/apply`, { token: staff.token, body: { order_id: o.id } });
    expect(late.status).toBe(409);
    const unknown = await t.api('POST', `/admin/payments/bank-lines/nope/apply`, { token: staff.token, body: { order_id: o.id } });
    expect(unknown.status).toBe(404);
    const listed = await t.api('GET', '/admin/payments/bank-lines?status=applied', { token: staff.token });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((i: any) => i.id)).toContain(shortLine.line_id);
  });
});

describe('who may upload', () => {
  it('anonymous 401, customer 403, API key without payments:write 403, with it 200', async () => {
    const csv = 'date,description,amount,reference\n2026-11-01,x,1.00,who\n';
    expect((await upload(csv, { token: null })).status).toBe(401);
    expect((await upload(csv, { token: shopper.token })).status).toBe(403);
    const admin = await createUser(t.deps, { role: 'admin' });
    const key = async (scopes: string[]) => (await t.api('POST', '/admin/api-keys', { token: admin.token, body: { name: scopes.join(' '), scopes } })).body.secret as string;
    const without = await upload(csv, { token: await key(['payments:read', 'orders:write']) });
    expect(without.status).toBe(403);
    expect((await upload(csv, { token: await key(['payments:write']) })).status).toBe(200);
    await expect(t.caller({ token: shopper.token }).admin.payments.bankLines({ status: 'review', page: 1, page_size: 10 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('odd files', () => {
  it('answer 400 with a detail', async () => {
    const cases: [string | Buffer | null, RegExp, { field?: string }?][] = [
      ['', /empty/],
      [null, /field "file"/],
      ['date,description,amount\n', /field "file"/, { field: 'other' }],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), /not a CSV/],
      ['hello world\njust text\n', /No bank statement header/],
      ['date,description,amount,reference\n31/02/2026,x,1.00,y\n', /Line 2: the date/],
      ['date,description,amount,reference\n2026-11-01,x,12.345,y\n', /Line 2: the amount/],
      ['date,description,amount,reference\n2026-11-01,x,abc,y\n', /Line 2: the amount/],
      [`date,description,amount,reference\n${'2026-11-01,x,1.00,y\n'.repeat(200_001)}`, /more than 200,000 lines|larger than 10 MB/],
    ];
    for (const [content, detail, opts] of cases) {
      const res = await upload(content, opts);
      expect(res.status, String(detail)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    const json = await t.api('POST', '/admin/payments/bank-statements', { token: staff.token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.detail).toMatch(/multipart/);
  });
});

describe('a large statement', () => {
  it('reads 100,000 lines: one matched, the rest kept for review, and again nothing new', async () => {
    const o = await newOrder();
    const rows = ['date,description,amount,reference'];
    for (let i = 0; i < 99_999; i++) rows.push(`2026-10-${String((i % 28) + 1).padStart(2, '0')},Transfer ${i},${i % 10 === 0 ? '-' : ''}${(i % 500) + 1}.25,REF${i}`);
    rows.push(`2026-11-28,PAYNOW,${o.total.toFixed(2)},${o.order_number}`);
    const started = Date.now();
    const res = await upload(rows.join('\n'));
    const took = Date.now() - started;
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.lines_read).toBe(100_000);
    expect(res.body.matched_count).toBe(1);
    expect(res.body.debits).toBe(10_000);
    expect(res.body.review_count).toBe(89_999);
    expect(res.body.review).toHaveLength(1000);
    const startedAgain = Date.now();
    const again = await upload(rows.join('\n'));
    console.log(`100,000 lines: first upload ${took} ms, again ${Date.now() - startedAgain} ms`);
    expect(again.body).toMatchObject({ matched_count: 0, review_count: 0, already_seen: 90_000 });
  }, 180_000);
});

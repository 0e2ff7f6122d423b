import { describe, expect, it } from 'vitest';
import { readMigrations, runMigrations } from '../../server/db/migrate';
import { newId } from '../../server/db/ids';
import { createPostgresDb } from '../setup/test-db';

// 0025 (decision 0188): each customer's company details become a company with that customer as
// its admin, nothing typed is lost, and the orders that printed the company are the company's. On
// the embedded server and, with TEST_DATABASE_URL, on PostgreSQL (decision 0195).
describe('0025: company details move into companies', () => {
  it('founds a company per customer with details, keeps odd details verbatim and links their company orders', async () => {
    const database = await createPostgresDb(10, { empty: true });
    const migrations = readMigrations();
    await runMigrations(database.executor, migrations.slice(0, migrations.findIndex((m) => m.name.startsWith('0025_'))));
    const db = database.db;
    const users: Record<string, unknown> = {
      plain: { name: 'Acme Packaging Pte. Ltd.', country: 'SG', registration_number: '201912345K', tax_number: 'M90312345A', billing_address: '1 Raffles Place\n#20-01\nSingapore 048616' },
      malaysian: { name: 'Kotak Sdn. Bhd.', country: 'MY', registration_number: '202001012345', tax_number: null, billing_address: null },
      quoted: { name: `O'Brien & "Sons" — 包装 ${'x'.repeat(500)}`, country: 'SG', registration_number: '53012345D', tax_number: null, billing_address: "Line 'one'\nLine two", extra: 1 },
      noKeys: { name: 'Keyless', country: 'SG', registration_number: '53012345D' },
      badCountry: { name: 'Thai Co', country: 'TH', registration_number: '0105551234567', tax_number: null, billing_address: null },
      notObject: ['Acme', 'SG'],
      wrongType: { name: 42, country: 'SG', registration_number: '201912345K', tax_number: null, billing_address: null },
      jsonNull: 'JSON_NULL',
      none: null,
    };
    const ids: Record<string, string> = {};
    for (const [key, company] of Object.entries(users)) {
      ids[key] = newId();
      const json = company === null ? null : company === 'JSON_NULL' ? 'null' : JSON.stringify(company);
      // Raw: the client no longer knows the column 0025 drops.
      await db.$executeRaw`INSERT INTO "User" ("id", "email", "passwordHash", "firstName", "lastName", "displayName", "company", "updatedAt")
        VALUES (${ids[key]}, ${`${key.toLowerCase()}@example.com`}, 'x', 'A', 'B', 'A B', ${json}::jsonb, now())`;
    }
    // Raw as well: today's client writes columns later migrations add (0027's paidCents).
    const order = async (userId: string, buyerCompany: unknown) => {
      const id = newId();
      const json = buyerCompany === undefined ? null : JSON.stringify(buyerCompany);
      await db.$executeRaw`INSERT INTO "Order" ("id", "orderNumber", "userId", "email", "subtotalCents", "gstCents", "totalCents", "shipFullName", "shipPhone", "shipLine1", "shipPostalCode", "shipCity", "shipState", "shipCountry", "buyerCompany", "updatedAt")
        VALUES (${id}, ${newId()}, ${userId}, 'x@example.com', 100, 8, 108, 'A', '1', 'L', '018956', 'Singapore', 'Singapore', 'SG', ${json}::jsonb, now())`;
      return { id };
    };
    const billed = await order(ids.plain!, users.plain);
    const privately = await order(ids.plain!, undefined);
    const odd = await order(ids.badCountry!, users.badCountry);
    await runMigrations(database.executor, migrations);

    const members = await db.companyMember.findMany({ include: { company: true } });
    const byUser = new Map(members.map((m) => [m.userId, m]));
    expect(members.length).toBe(4);
    for (const key of ['plain', 'malaysian', 'quoted', 'noKeys']) {
      const c = users[key] as Record<string, string | null | undefined>;
      const m = byUser.get(ids[key]!);
      expect(m?.role, key).toBe('admin');
      expect(m?.company, key).toMatchObject({ name: c.name, country: c.country, registrationNumber: c.registration_number, taxNumber: c.tax_number ?? null, billingAddress: c.billing_address ?? null, paymentTermsDays: 0, creditLimitCents: null });
      expect((await db.user.findUniqueOrThrow({ where: { id: ids[key]! } })).legacyCompany).toBeNull();
    }
    // One company each, distinct ids in the shop's id format.
    expect(new Set(members.map((m) => m.companyId)).size).toBe(4);
    for (const m of members) expect(m.companyId).toMatch(/^c[0-9a-z]{24}$/);
    // What never read as a company stays as it was typed.
    for (const key of ['badCountry', 'notObject', 'wrongType']) {
      expect((await db.user.findUniqueOrThrow({ where: { id: ids[key]! } })).legacyCompany, key).toEqual(users[key]);
      expect(byUser.has(ids[key]!)).toBe(false);
    }
    for (const key of ['jsonNull', 'none']) expect(byUser.has(ids[key]!)).toBe(false);
    // The order that printed the company is the company's; one placed privately, or by a customer
    // left without a company, stays nobody's.
    const companyOf = async (id: string) => (await db.order.findUniqueOrThrow({ where: { id }, select: { companyId: true } })).companyId;
    expect(await companyOf(billed.id)).toBe(byUser.get(ids.plain!)?.companyId);
    expect(await companyOf(privately.id)).toBeNull();
    expect(await companyOf(odd.id)).toBeNull();
    await database.close();
  }, 60_000);
});

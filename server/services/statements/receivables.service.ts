// What companies owe the shop on a day (decision 0199): the receivables report and the dashboard's
// receivables and overdue totals, from the same entries and rule as each company's statement, so
// the report's line for a company is its statement's closing balance and ageing on that day.
import type { PrismaClient } from '@prisma/client';
import { toDollars } from '../../../shared/domain/money';
import { shopDay } from '../../../shared/domain/shop-time';
import { buildStatement, type Ageing } from '../../../shared/domain/statement';
import type { ReceivablesDto } from '../../../shared/schemas/statement.schema';
import { entriesByCompany } from './statement-entries';
import { ageingDollars, overdueCents } from './statement.service';

interface Figures {
  outstandingCents: number;
  ageing: Ageing;
}

/** Every company's closing balance and ageing on `asOf`; companies owing nothing are left out. */
async function figuresByCompany(db: PrismaClient, asOf: string): Promise<Map<string, Figures>> {
  const out = new Map<string, Figures>();
  for (const [companyId, entries] of await entriesByCompany(db)) {
    const s = buildStatement(entries, asOf, asOf);
    if (s.closingCents !== 0 || Object.values(s.ageing).some((c) => c !== 0)) out.set(companyId, { outstandingCents: s.closingCents, ageing: s.ageing });
  }
  return out;
}

const dollars = (f: Figures) => ({ outstanding: toDollars(f.outstandingCents), ...ageingDollars(f.ageing), overdue: toDollars(overdueCents(f.ageing)) });

/** The receivables report on `as_of` (default today, Singapore). */
export async function receivablesReport(db: PrismaClient, input: { as_of?: string } = {}): Promise<ReceivablesDto> {
  const asOf = input.as_of ?? shopDay(new Date());
  const figures = await figuresByCompany(db, asOf);
  const companies = await db.company.findMany({ where: { id: { in: [...figures.keys()] } }, select: { id: true, name: true, paymentTermsDays: true } });
  const total: Figures = { outstandingCents: 0, ageing: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 } };
  for (const f of figures.values()) {
    total.outstandingCents += f.outstandingCents;
    for (const k of Object.keys(total.ageing) as (keyof Ageing)[]) total.ageing[k] += f.ageing[k];
  }
  const rows = companies
    .map((c) => ({ company_id: c.id, company_name: c.name, payment_terms_days: c.paymentTermsDays, ...dollars(figures.get(c.id)!), overdueCents: overdueCents(figures.get(c.id)!.ageing) }))
    .sort((a, b) => b.overdueCents - a.overdueCents || b.outstanding - a.outstanding || a.company_name.localeCompare(b.company_name))
    .map(({ overdueCents: _, ...row }) => row);
  return { as_of: asOf, totals: { ...dollars(total), companies: rows.length }, companies: rows };
}

/** The dashboard's two figures, in dollars: what companies owe today, and the part of it past due. */
export async function receivablesTotals(db: PrismaClient): Promise<{ receivables: number; overdue: number }> {
  const r = await receivablesReport(db);
  return { receivables: r.totals.outstanding, overdue: r.totals.overdue };
}

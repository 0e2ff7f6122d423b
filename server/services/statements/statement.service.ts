// A company's statement of account (issue 40 item 5, decisions 0198 and 0199): the JSON the screens
// read, the PDF and the CSV, all from one buildStatement over the company's entries. Who may read
// which company is decided by the caller (the company's own admins through their session, the
// owner's staff by id); this file only answers for the company it is given.
import type { Prisma, PrismaClient } from '@prisma/client';
import { stringify } from 'csv-stringify/sync';
import { toDollars } from '../../../shared/domain/money';
import { shopDay } from '../../../shared/domain/shop-time';
import { buildStatement, statementPeriod, type Ageing, type Statement } from '../../../shared/domain/statement';
import { badRequest, notFound } from '../../../shared/errors';
import type { StatementDto, StatementInput } from '../../../shared/schemas/statement.schema';
import { companyDetailsOf, companyDetailsSelect } from '../../auth/user.mapper';
import { renderStatement } from '../../documents/statement';
import { getShopProfile } from '../settings/shop-profile.service';
import { companyEntries } from './statement-entries';

type Db = PrismaClient | Prisma.TransactionClient;

/** The statement's heading: the company as its tax invoices print it, and its payment terms. */
const companyHeaderSelect = { id: true, ...companyDetailsSelect, paymentTermsDays: true } as const satisfies Prisma.CompanySelect;

export const ageingDollars = (a: Ageing) => ({
  current: toDollars(a.current),
  days_1_30: toDollars(a.days1to30),
  days_31_60: toDollars(a.days31to60),
  days_61_90: toDollars(a.days61to90),
  over_90: toDollars(a.over90),
});

/** What of the ageing is past its due day. */
export const overdueCents = (a: Ageing) => a.days1to30 + a.days31to60 + a.days61to90 + a.over90;

function toDto(company: Prisma.CompanyGetPayload<{ select: typeof companyHeaderSelect }>, s: Statement): StatementDto {
  return {
    company: { id: company.id, ...companyDetailsOf(company), payment_terms_days: company.paymentTermsDays },
    from: s.from,
    to: s.to,
    opening_balance: toDollars(s.openingCents),
    lines: s.lines.map((l) => ({
      kind: l.kind,
      date: l.day,
      reference: l.reference,
      invoice: l.invoice,
      due_date: l.kind === 'invoice' ? (l.dueDay ?? null) : null,
      debit: toDollars(l.debitCents),
      credit: toDollars(l.creditCents),
      balance: toDollars(l.balanceCents),
    })),
    closing_balance: toDollars(s.closingCents),
    ageing: ageingDollars(s.ageing),
    overdue: toDollars(overdueCents(s.ageing)),
  };
}

/** The company's statement for the period asked (default: the last 90 days to today, Singapore). */
export async function companyStatement(db: Db, companyId: string, asked: StatementInput, now = new Date()): Promise<StatementDto> {
  const period = statementPeriod(asked, shopDay(now));
  if ('problem' in period) throw badRequest(period.problem);
  const company = await db.company.findUnique({ where: { id: companyId }, select: companyHeaderSelect });
  if (!company) throw notFound('Company not found');
  return toDto(company, buildStatement(await companyEntries(db, companyId), period.from, period.to));
}

const fileName = (s: StatementDto, ext: string) => `statement-${s.company.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'company'}-${s.from}_to_${s.to}.${ext}`;

/** The statement as an A4 PDF, in the tax invoice's look. */
export async function statementPdf(db: PrismaClient, companyId: string, asked: StatementInput): Promise<{ pdf: Buffer; filename: string }> {
  const statement = await companyStatement(db, companyId, asked);
  const shop = await getShopProfile(db);
  return { pdf: await renderStatement(shop, statement), filename: fileName(statement, 'pdf') };
}

const LINE_LABEL: Record<StatementDto['lines'][number]['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note', payment: 'Payment', refund: 'Refund' };
const CSV_COLUMNS = ['date', 'type', 'reference', 'invoice', 'due_date', 'debit', 'credit', 'balance'];
const amount = (n: number) => n.toFixed(2);

/** The statement as a CSV: the opening balance, one row per line, the closing balance. */
export async function statementCsv(db: PrismaClient, companyId: string, asked: StatementInput): Promise<{ csv: string; filename: string }> {
  const s = await companyStatement(db, companyId, asked);
  const rows = [
    { date: s.from, type: 'Opening balance', reference: '', invoice: '', due_date: '', debit: '', credit: '', balance: amount(s.opening_balance) },
    ...s.lines.map((l) => ({
      date: l.date,
      type: LINE_LABEL[l.kind],
      reference: l.reference,
      invoice: l.invoice,
      due_date: l.due_date ?? '',
      debit: l.debit ? amount(l.debit) : '',
      credit: l.credit ? amount(l.credit) : '',
      balance: amount(l.balance),
    })),
    { date: s.to, type: 'Closing balance', reference: '', invoice: '', due_date: '', debit: '', credit: '', balance: amount(s.closing_balance) },
  ];
  // As the other CSV downloads: BOM for Excel, a header row, formulas neutralised (a payer's reference is their text).
  return { csv: stringify(rows, { header: true, columns: CSV_COLUMNS, bom: true, escape_formulas: true }), filename: fileName(s, 'csv') };
}

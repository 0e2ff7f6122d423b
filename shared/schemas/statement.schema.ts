import { z } from 'zod';
import { shopDay } from '../domain/shop-time';
import { statementPeriod } from '../domain/statement';
import { idSchema } from './common.schema';
import { companyOutput } from './companies.schema';

// A company's statement of account (issue 40 item 5, decisions 0198 and 0199): the period asked for
// and the answer the screens, the PDF and the CSV read. Money is in dollars with two decimals on the
// wire, as everywhere in the API; days are Singapore calendar days.

const day = (label: string) => z.string().max(10, `${label} must be a date as YYYY-MM-DD`).optional();

const period = {
  from: day('from').describe('First day (YYYY-MM-DD, Singapore); default 89 days before to'),
  to: day('to').describe('Last day (YYYY-MM-DD, Singapore), not after today; default today'),
};

/** Checks the period against today's Singapore day; the service resolves it the same way. */
const checkPeriod = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  const p = statementPeriod(v, shopDay(new Date()));
  if ('problem' in p) ctx.addIssue({ code: 'custom', message: p.problem, path: [p.problem.startsWith('to') ? 'to' : 'from'] });
};

/** The signed-in company admin's own company: the period only. */
export const statementInput = z.object(period).superRefine(checkPeriod);
export type StatementInput = z.infer<typeof statementInput>;

/** The back office: a company by id and the period. */
export const companyStatementInput = z.object({ id: idSchema, ...period }).superRefine(checkPeriod);

const STATEMENT_LINE_KINDS = ['invoice', 'credit_note', 'payment', 'refund'] as const;

const money = z.number();

const statementAgeing = z.object({
  current: money,
  days_1_30: money,
  days_31_60: money,
  days_61_90: money,
  over_90: money,
});

export const statementOutput = z.object({
  company: companyOutput.pick({ id: true, name: true, country: true, registration_number: true, tax_number: true, billing_address: true, payment_terms_days: true }),
  from: z.string(),
  to: z.string(),
  opening_balance: money,
  lines: z.array(
    z.object({
      kind: z.enum(STATEMENT_LINE_KINDS),
      date: z.string(),
      /** The invoice number (or the order number until it has one), the credit note's number, the payment's reference. */
      reference: z.string(),
      /** The invoice the line belongs to. */
      invoice: z.string(),
      /** Invoices only. */
      due_date: z.string().nullable(),
      debit: money,
      credit: money,
      balance: money,
    }),
  ),
  closing_balance: money,
  /** What is owed on `to` by days past due; adds up to the closing balance. */
  ageing: statementAgeing,
  /** The part of the closing balance past its due day. */
  overdue: money,
});
export type StatementDto = z.infer<typeof statementOutput>;

// The receivables report (decision 0199): what every company owes on a day, by age.

export const receivablesInput = z
  .object({
    as_of: day('as_of').describe('The day (YYYY-MM-DD, Singapore) the figures are for, not after today; default today'),
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
  })
  .optional()
  .superRefine((v, ctx) => {
    if (!v?.as_of) return;
    const p = statementPeriod({ from: v.as_of, to: v.as_of }, shopDay(new Date()));
    if ('problem' in p) ctx.addIssue({ code: 'custom', message: p.problem.replace(/^(from|to)\b/, 'as_of'), path: ['as_of'] });
  });

const receivableFigures = statementAgeing.extend({ outstanding: money, overdue: money });

export const receivablesOutput = z.object({
  as_of: z.string(),
  totals: receivableFigures.extend({ companies: z.number().int() }),
  /** Companies owing anything (or in credit), most overdue first. */
  companies: z.array(receivableFigures.extend({ company_id: z.string(), company_name: z.string(), payment_terms_days: z.number().int() })),
});
export type ReceivablesDto = z.infer<typeof receivablesOutput>;

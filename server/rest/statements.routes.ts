import type { Request, Response } from 'express';
import { statementInput } from '../../shared/schemas/statement.schema';
import { requireCompanyAdmin } from '../services/companies/company-members.service';
import { statementCsv, statementPdf } from '../services/statements/statement.service';
import type { AppDeps } from '../deps';
import { sendPdf } from './pdf-route';
import { backOffice, signedInPerson, userOf, type PlainCaller, type PlainOperation, type PlainRoute } from './plain-route';

// A company's statement of account as files (issue 40 item 5, decision 0199): its own admins under
// /company/ (the company is always the caller's, from their session: a buyer is a 403, somebody in
// no company a 404), the owner's staff under /admin/companies/{id}/ (an unknown id is a 404). The
// JSON is the procedures' (company.statement, admin.companies.statement); these are plain routes
// because they answer files, through the same gate and the one error map.

const period = [
  { name: 'from', in: 'query' as const, required: false, description: 'First day (YYYY-MM-DD, Singapore); default 89 days before to', schema: { type: 'string' as const, format: 'date' } },
  { name: 'to', in: 'query' as const, required: false, description: 'Last day (YYYY-MM-DD, Singapore), not after today; default today', schema: { type: 'string' as const, format: 'date' } },
];

const DESCRIPTION =
  'Opening balance, the invoices, credit notes, payments and refunds of the period with the balance after each, the closing balance and the ageing ' +
  '(current, 1-30, 31-60, 61-90, over 90 days past due) on the last day. Without from and to: the last 90 days to today. ' +
  'A date that is not YYYY-MM-DD, from after to, to after today or a period over 5 years is a 400 with the reason.';

const answers = {
  pdf: { description: 'The statement (PDF, A4)', content: { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } } },
  csv: {
    description: 'The statement (CSV: date, type, reference, invoice, due_date, debit, credit, balance; an opening and a closing balance row)',
    content: { 'text/csv': { schema: { type: 'string' as const } } },
  },
};

type Format = keyof typeof answers;

async function send(res: Response, deps: AppDeps, companyId: string, query: Request['query'], format: Format) {
  const asked = statementInput.parse(query);
  if (format === 'pdf') return sendPdf(res, () => statementPdf(deps.db, companyId, asked));
  const { csv, filename } = await statementCsv(deps.db, companyId, asked);
  res.set({ 'Cache-Control': 'private, no-store', 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
  res.send(csv);
}

const ownCompany = (caller: PlainCaller) => requireCompanyAdmin(userOf(caller).membership);

const operation = (operationId: string, tag: string, summary: string, format: Format, responses: PlainOperation['responses']): PlainOperation => ({
  operationId,
  tags: [tag],
  summary,
  description: DESCRIPTION,
  parameters: period,
  responses: { 200: answers[format], 400: { description: 'A period that is not one (the reason in detail)' }, ...responses },
});

const routesFor = (format: Format): PlainRoute[] => [
  {
    method: 'GET',
    path: `/company/statement.${format}`,
    gate: signedInPerson(`/admin/companies/{id}/statement.${format}`),
    checkText: true,
    handle: (deps, req, res, caller) => send(res, deps, ownCompany(caller), req.query, format),
    openapi: operation(`company-statement${format === 'pdf' ? 'Pdf' : 'Csv'}`, 'company', `Your company's statement of account (${format.toUpperCase()}; company admins)`, format, {
      403: { description: 'A buyer of the company (only its admins read the statement), or an API key' },
      404: { description: 'You are not a member of a company' },
    }),
  },
  {
    method: 'GET',
    path: `/admin/companies/{id}/statement.${format}`,
    gate: backOffice,
    checkText: true,
    handle: (deps, req, res) => send(res, deps, String(req.params.id), req.query, format),
    openapi: operation(`admin-companies-statement${format === 'pdf' ? 'Pdf' : 'Csv'}`, 'admin: companies', `A company's statement of account (${format.toUpperCase()})`, format, {
      404: { description: 'No such company' },
    }),
  },
];

export const statementsRoutes: PlainRoute[] = [...routesFor('pdf'), ...routesFor('csv')];

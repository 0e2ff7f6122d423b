import { creditNotePdf } from '../services/orders/credit-notes/credit-notes.service';
import { taxInvoicePdf } from '../services/orders/invoice.service';
import { requireCompanyAdmin } from '../services/companies/company-members.service';
import { signedInPerson, userOf, type PlainRoute } from './plain-route';
import { creditNumber, pdfOperation, sendPdf } from './pdf-route';

// A company's admins read the tax invoice and credit notes of any order placed for the company
// (decision 0195), as its buyer reads their own: the company is always the caller's own, from their
// session's membership, so another company's order is a 404 and a buyer a 403.

const companyScope = (caller: Parameters<PlainRoute['handle']>[3]) => ({ companyId: requireCompanyAdmin(userOf(caller).membership) });

export const companyDocumentsRoutes: PlainRoute[] = [
  {
    method: 'GET',
    path: '/company/orders/{id}/invoice.pdf',
    gate: signedInPerson('/admin/orders/{id}/invoice.pdf'),
    checkText: true,
    handle: (deps, req, res, caller) => sendPdf(res, () => taxInvoicePdf(deps.db, String(req.params.id), companyScope(caller))),
    openapi: pdfOperation('company-orders-invoicePdf', 'company', "Tax invoice of an order placed for your company (PDF, A4; the company's admins)", {
      403: { description: 'Not an admin of a company' },
      404: { description: 'No such order placed for your company' },
    }),
  },
  {
    method: 'GET',
    path: '/company/orders/{id}/credit-notes/{number}.pdf',
    gate: signedInPerson('/admin/orders/{id}/credit-notes/{number}.pdf'),
    checkText: true,
    handle: (deps, req, res, caller) => sendPdf(res, () => creditNotePdf(deps.db, String(req.params.id), String(req.params.number), companyScope(caller))),
    openapi: {
      ...pdfOperation('company-orders-creditNotePdf', 'company', "Credit note of an order placed for your company (PDF, A4; the company's admins)", {
        403: { description: 'Not an admin of a company' },
        404: { description: 'No such order or credit note for your company' },
      }),
      parameters: [creditNumber],
    },
  },
];

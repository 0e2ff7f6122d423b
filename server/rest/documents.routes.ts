import { badRequest } from '../../shared/errors';
import { packingSlipsPdf, taxInvoicePdf } from '../services/orders/invoice.service';
import { creditNotePdf } from '../services/orders/credit-notes/credit-notes.service';
import { quotePdf } from '../services/quotes/quotes.service';
import { backOffice, signedInPerson, userOf, type PlainRoute } from './plain-route';
import { creditNumber, pdfOperation, sendPdf } from './pdf-route';

// PDF downloads are files, not JSON, so they are plain routes (plain-route.ts): who is calling is
// decided by the same principal and gate as the procedures, and errors go through the one map. Path
// and query values obey the same rule as every procedure input (checkText: read by hand, no schema).

export const documentsRoutes: PlainRoute[] = [
  {
    method: 'GET',
    path: '/orders/{id}/invoice.pdf',
    gate: signedInPerson('/admin/orders/{id}/invoice.pdf'),
    checkText: true,
    handle: (deps, req, res, caller) => sendPdf(res, () => taxInvoicePdf(deps.db, String(req.params.id), { userId: userOf(caller).id })),
    openapi: pdfOperation('orders-invoicePdf', 'orders', 'Tax invoice of one of your orders (PDF, A4)', { 404: { description: 'No such order (or not yours)' } }),
  },
  // Registered before /admin/orders/{id}/... so "packing-slips.pdf" is never taken for an order id.
  // ?ids=a,b,c&size=a4|label: the selected orders' slips in one PDF (at most 100 per print run).
  {
    method: 'GET',
    path: '/admin/orders/packing-slips.pdf',
    gate: backOffice,
    checkText: true,
    handle: async (deps, req, res) => {
      const ids = [...new Set(String(req.query.ids ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
      if (!ids.length) throw badRequest('Please select at least one order');
      if (ids.length > 100) throw badRequest('Please print at most 100 packing slips at once');
      const size = req.query.size ?? 'a4';
      if (size !== 'a4' && size !== 'label') throw badRequest('size must be a4 or label');
      await sendPdf(res, () => packingSlipsPdf(deps.db, ids, size));
    },
    openapi: {
      ...pdfOperation('admin-orders-packingSlipsPdf', 'admin: orders', 'Packing slips of several orders in one PDF (lines, gifts, SKUs, address, order number as a QR code)', {
        400: { description: 'No ids, too many, or a wrong size' },
        404: { description: 'An order does not exist' },
      }),
      parameters: [
        { name: 'ids', in: 'query', required: true, description: 'Order ids, comma-separated (at most 100)', schema: { type: 'string' } },
        { name: 'size', in: 'query', required: false, description: 'a4 (default) or label (4x6 inch)', schema: { type: 'string', enum: ['a4', 'label'] } },
      ],
    },
  },
  {
    method: 'GET',
    path: '/admin/orders/{id}/invoice.pdf',
    gate: backOffice,
    checkText: true,
    handle: (deps, req, res) => sendPdf(res, () => taxInvoicePdf(deps.db, String(req.params.id), null)),
    openapi: pdfOperation('admin-orders-invoicePdf', 'admin: orders', 'Tax invoice of an order (PDF, A4)', { 404: { description: 'No such order' } }),
  },
  // Credit notes (decision 0166): the buyer's own order only, like the invoice; staff with payments:read.
  {
    method: 'GET',
    path: '/orders/{id}/credit-notes/{number}.pdf',
    gate: signedInPerson('/admin/orders/{id}/credit-notes/{number}.pdf'),
    checkText: true,
    handle: (deps, req, res, caller) => sendPdf(res, () => creditNotePdf(deps.db, String(req.params.id), String(req.params.number), { userId: userOf(caller).id })),
    openapi: {
      ...pdfOperation('orders-creditNotePdf', 'orders', 'Credit note of one of your orders (PDF, A4): names the tax invoice it corrects, the amount and the GST', {
        404: { description: 'No such order or credit note (or not yours)' },
      }),
      parameters: [creditNumber],
    },
  },
  {
    method: 'GET',
    path: '/admin/orders/{id}/credit-notes/{number}.pdf',
    gate: backOffice,
    checkText: true,
    handle: (deps, req, res) => sendPdf(res, () => creditNotePdf(deps.db, String(req.params.id), String(req.params.number), null)),
    openapi: {
      ...pdfOperation('admin-orders-creditNotePdf', 'admin: payments', 'Credit note of an order (PDF, A4)', { 404: { description: 'No such order or credit note' } }),
      parameters: [creditNumber],
    },
  },
  {
    method: 'GET',
    path: '/quotes/{id}/quote.pdf',
    gate: signedInPerson('/admin/quotes/{id}/quote.pdf'),
    checkText: true,
    handle: (deps, req, res, caller) => sendPdf(res, () => quotePdf(deps.db, String(req.params.id), userOf(caller).id)),
    openapi: pdfOperation('quotes-quotePdf', 'quotes', 'One of your priced quotes (PDF, A4)', {
      404: { description: 'No such quote (or not yours)' },
      409: { description: 'Not priced yet' },
    }),
  },
  {
    method: 'GET',
    path: '/admin/quotes/{id}/quote.pdf',
    gate: backOffice,
    checkText: true,
    handle: (deps, req, res) => sendPdf(res, () => quotePdf(deps.db, String(req.params.id), null)),
    openapi: pdfOperation('admin-quotes-quotePdf', 'admin: quotes', 'A priced quote (PDF, A4)', {
      404: { description: 'No such quote' },
      409: { description: 'Not priced yet' },
    }),
  },
];

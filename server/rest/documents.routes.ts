import express, { type Request, type Response } from 'express';
import { checkInput } from '../../shared/domain/safe-text';
import { AppError, badRequest } from '../../shared/errors';
import { requireBackOffice } from '../auth/back-office';
import { roleForRoute } from '../../shared/domain/permissions';
import { requireSignedIn } from '../auth/principal';
import type { AppDeps } from '../deps';
import { packingSlipsPdf, taxInvoicePdf } from '../services/orders/invoice.service';
import { creditNotePdf } from '../services/orders/credit-notes/credit-notes.service';
import { quotePdf } from '../services/quotes/quotes.service';
import { contextFromRequest } from '../trpc/context';
import { sendError } from './errors';

// PDF downloads are files, not JSON, so they are plain routes; who is calling is decided by the same
// principal and gate as the procedures, and errors go through the one map.

/** Path and query values obey the same rule as every procedure input (read by hand below, so no schema). */
function checkedInput(req: Request) {
  checkInput({ ...req.params, ...req.query });
}

async function sendPdf(res: Response, work: () => Promise<{ pdf: Buffer; filename: string }>) {
  const { pdf, filename } = await work();
  res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' });
  res.send(pdf);
}

const ORDERS_READ = 'orders:read';

export function documentsRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  const route = (path: string, handler: (req: Request, res: Response) => Promise<void>) =>
    router.get(path, (req, res) => handler(req, res).catch((err) => sendError(res, err, `GET ${path}`)));

  route('/orders/:id/invoice.pdf', async (req, res) => {
    checkedInput(req);
    const ctx = contextFromRequest(deps, req);
    if (ctx.usesApiKey) throw new AppError('FORBIDDEN', 'API keys can only call back-office operations; use /admin/orders/{id}/invoice.pdf.');
    const { user } = requireSignedIn(await ctx.getAuth(), ctx.token);
    await sendPdf(res, () => taxInvoicePdf(deps.db, String(req.params.id), user.id));
  });

  // Registered before /admin/orders/:id so "packing-slips.pdf" is never taken for an order id.
  // ?ids=a,b,c&size=a4|label: the selected orders' slips in one PDF (at most 100 per print run).
  const slipsRole = roleForRoute('GET /admin/orders/packing-slips.pdf');
  route('/admin/orders/packing-slips.pdf', async (req, res) => {
    checkedInput(req);
    await requireBackOffice(contextFromRequest(deps, req), { role: slipsRole, scope: ORDERS_READ });
    const ids = [...new Set(String(req.query.ids ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
    if (!ids.length) throw badRequest('Please select at least one order');
    if (ids.length > 100) throw badRequest('Please print at most 100 packing slips at once');
    const size = req.query.size ?? 'a4';
    if (size !== 'a4' && size !== 'label') throw badRequest('size must be a4 or label');
    await sendPdf(res, () => packingSlipsPdf(deps.db, ids, size));
  });

  const invoiceRole = roleForRoute('GET /admin/orders/{id}/invoice.pdf');
  route('/admin/orders/:id/invoice.pdf', async (req, res) => {
    checkedInput(req);
    await requireBackOffice(contextFromRequest(deps, req), { role: invoiceRole, scope: ORDERS_READ });
    await sendPdf(res, () => taxInvoicePdf(deps.db, String(req.params.id), null));
  });

  // Credit notes (decision 0166): the buyer's own order only, like the invoice; staff with payments:read.
  route('/orders/:id/credit-notes/:number.pdf', async (req, res) => {
    checkedInput(req);
    const ctx = contextFromRequest(deps, req);
    if (ctx.usesApiKey) throw new AppError('FORBIDDEN', 'API keys can only call back-office operations; use /admin/orders/{id}/credit-notes/{number}.pdf.');
    const { user } = requireSignedIn(await ctx.getAuth(), ctx.token);
    await sendPdf(res, () => creditNotePdf(deps.db, String(req.params.id), String(req.params.number), user.id));
  });

  const creditNoteRole = roleForRoute('GET /admin/orders/{id}/credit-notes/{number}.pdf');
  route('/admin/orders/:id/credit-notes/:number.pdf', async (req, res) => {
    checkedInput(req);
    await requireBackOffice(contextFromRequest(deps, req), { role: creditNoteRole, scope: 'payments:read' });
    await sendPdf(res, () => creditNotePdf(deps.db, String(req.params.id), String(req.params.number), null));
  });

  route('/quotes/:id/quote.pdf', async (req, res) => {
    checkedInput(req);
    const ctx = contextFromRequest(deps, req);
    if (ctx.usesApiKey) throw new AppError('FORBIDDEN', 'API keys can only call back-office operations; use /admin/quotes/{id}/quote.pdf.');
    const { user } = requireSignedIn(await ctx.getAuth(), ctx.token);
    await sendPdf(res, () => quotePdf(deps.db, String(req.params.id), user.id));
  });

  const quoteRole = roleForRoute('GET /admin/quotes/{id}/quote.pdf');
  route('/admin/quotes/:id/quote.pdf', async (req, res) => {
    checkedInput(req);
    await requireBackOffice(contextFromRequest(deps, req), { role: quoteRole, scope: ORDERS_READ });
    await sendPdf(res, () => quotePdf(deps.db, String(req.params.id), null));
  });

  return router;
}

const pdfResponse = (operationId: string, summary: string, staff: boolean, area: 'orders' | 'quotes' = 'orders') => ({
  get: {
    operationId,
    tags: [staff ? `admin: ${area}` : area],
    summary,
    security: staff ? [{ Authorization: [] }, { ApiKey: [ORDERS_READ] }] : [{ Authorization: [] }],
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    responses: {
      200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
      401: { description: 'Not signed in' },
      ...(staff ? { 403: { description: 'Not staff' } } : {}),
      ...(area === 'quotes' ? { 409: { description: 'Not priced yet' } } : {}),
      404: { description: `No such ${area === 'quotes' ? 'quote' : 'order'} (or not yours)` },
    },
  },
});

const creditNotePdfPath = (staff: boolean) => ({
  get: {
    operationId: staff ? 'admin-orders-creditNotePdf' : 'orders-creditNotePdf',
    tags: [staff ? 'admin: payments' : 'orders'],
    summary: staff ? 'Credit note of an order (PDF, A4)' : 'Credit note of one of your orders (PDF, A4): names the tax invoice it corrects, the amount and the GST',
    security: staff ? [{ Authorization: [] }, { ApiKey: ['payments:read'] }] : [{ Authorization: [] }],
    parameters: [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'number', in: 'path', required: true, description: 'The credit note number, e.g. CN-000001', schema: { type: 'string' } },
    ],
    responses: {
      200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
      401: { description: 'Not signed in' },
      403: { description: staff ? 'Not staff, or an API key without payments:read' : 'An API key (use the admin path)' },
      404: { description: 'No such order or credit note (or not yours)' },
    },
  },
});

/** For the OpenAPI document. */
export const documentsPaths = {
  '/admin/orders/packing-slips.pdf': {
    get: {
      operationId: 'admin-orders-packingSlipsPdf',
      tags: ['admin: orders'],
      summary: 'Packing slips of several orders in one PDF (lines, gifts, SKUs, address, order number as a QR code)',
      security: [{ Authorization: [] }, { ApiKey: [ORDERS_READ] }],
      parameters: [
        { name: 'ids', in: 'query', required: true, description: 'Order ids, comma-separated (at most 100)', schema: { type: 'string' } },
        { name: 'size', in: 'query', required: false, description: 'a4 (default) or label (4x6 inch)', schema: { type: 'string', enum: ['a4', 'label'] } },
      ],
      responses: {
        200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
        400: { description: 'No ids, too many, or a wrong size' },
        401: { description: 'Not signed in' },
        403: { description: 'Not staff' },
        404: { description: 'An order does not exist' },
      },
    },
  },
  '/orders/{id}/invoice.pdf': pdfResponse('orders-invoicePdf', 'Tax invoice of one of your orders (PDF, A4)', false),
  '/admin/orders/{id}/invoice.pdf': pdfResponse('admin-orders-invoicePdf', 'Tax invoice of an order (PDF, A4)', true),
  '/orders/{id}/credit-notes/{number}.pdf': creditNotePdfPath(false),
  '/admin/orders/{id}/credit-notes/{number}.pdf': creditNotePdfPath(true),
  '/quotes/{id}/quote.pdf': pdfResponse('quotes-quotePdf', 'One of your priced quotes (PDF, A4)', false, 'quotes'),
  '/admin/quotes/{id}/quote.pdf': pdfResponse('admin-quotes-quotePdf', 'A priced quote (PDF, A4)', true, 'quotes'),
};

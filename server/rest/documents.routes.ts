import express, { type Request, type Response } from 'express';
import { AppError, APP_ERROR_STATUS } from '../../shared/errors';
import type { AppDeps } from '../deps';
import { logServerError } from '../lib/log';
import { packingSlipsPdf, taxInvoicePdf } from '../services/invoice.service';
import { badRequest } from '../../shared/errors';
import { createExpressContext } from '../trpc/context';

// PDF downloads are files, not JSON, so they are plain Express routes that resolve the user
// through the same context as the procedures. Mounted at /api.

type Who = { id: string; role: string };

async function signedIn(deps: AppDeps, req: Request, res: Response): Promise<Who | null> {
  const auth = await createExpressContext(deps)({ req, res }).getAuth();
  if (!auth) {
    res.status(401).json({ detail: req.headers.authorization ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.' });
    return null;
  }
  return { id: auth.user.id, role: auth.user.role };
}

async function sendPdf(res: Response, work: () => Promise<{ pdf: Buffer; filename: string }>) {
  try {
    const { pdf, filename } = await work();
    res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' });
    res.send(pdf);
  } catch (err) {
    if (err instanceof AppError) return void res.status(APP_ERROR_STATUS[err.code]).json({ detail: err.message });
    logServerError('PDF', err);
    res.status(500).json({ detail: 'Something went wrong on our side. Please try again.' });
  }
}

export function documentsRouter(deps: AppDeps): express.Router {
  const router = express.Router();

  router.get('/orders/:id/invoice.pdf', async (req, res) => {
    const who = await signedIn(deps, req, res);
    if (who) await sendPdf(res, () => taxInvoicePdf(deps.db, String(req.params.id), who.id));
  });

  router.get('/admin/orders/:id/invoice.pdf', async (req, res) => {
    const who = await signedIn(deps, req, res);
    if (!who) return;
    if (who.role !== 'staff' && who.role !== 'admin') return void res.status(403).json({ detail: 'Staff access is required.' });
    await sendPdf(res, () => taxInvoicePdf(deps.db, String(req.params.id), null));
  });

  // ?ids=a,b,c&size=a4|label: the selected orders' slips in one PDF (at most 100 per print run).
  router.get('/admin/orders/packing-slips.pdf', async (req, res) => {
    const who = await signedIn(deps, req, res);
    if (!who) return;
    if (who.role !== 'staff' && who.role !== 'admin') return void res.status(403).json({ detail: 'Staff access is required.' });
    await sendPdf(res, async () => {
      const ids = [...new Set(String(req.query.ids ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
      if (!ids.length) throw badRequest('Please select at least one order');
      if (ids.length > 100) throw badRequest('Please print at most 100 packing slips at once');
      const size = req.query.size ?? 'a4';
      if (size !== 'a4' && size !== 'label') throw badRequest('size must be a4 or label');
      return packingSlipsPdf(deps.db, ids, size);
    });
  });

  return router;
}

const pdfResponse = (summary: string, staff: boolean) => ({
  get: {
    tags: [staff ? 'admin: orders' : 'orders'],
    summary,
    security: [{ Authorization: [] }],
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    responses: {
      200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
      401: { description: 'Not signed in' },
      ...(staff ? { 403: { description: 'Not staff' } } : {}),
      404: { description: 'No such order (or not yours)' },
    },
  },
});

/** For the OpenAPI document. */
export const documentsPaths = {
  '/admin/orders/packing-slips.pdf': {
    get: {
      tags: ['admin: orders'],
      summary: 'Packing slips of several orders in one PDF (lines, gifts, SKUs, address, order number as a QR code)',
      security: [{ Authorization: [] }],
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
  '/orders/{id}/invoice.pdf': pdfResponse('Tax invoice of one of your orders (PDF, A4)', false),
  '/admin/orders/{id}/invoice.pdf': pdfResponse('Tax invoice of an order (PDF, A4)', true),
};

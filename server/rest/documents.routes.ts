import express, { type Request, type Response } from 'express';
import { AppError, APP_ERROR_STATUS } from '../../shared/errors';
import type { AppDeps } from '../deps';
import { logServerError } from '../lib/log';
import { taxInvoicePdf } from '../services/invoice.service';
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
  '/orders/{id}/invoice.pdf': pdfResponse('Tax invoice of one of your orders (PDF, A4)', false),
  '/admin/orders/{id}/invoice.pdf': pdfResponse('Tax invoice of an order (PDF, A4)', true),
};

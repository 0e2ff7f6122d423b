// What every PDF download shares: the answer's headers (a private attachment, never cached) and its
// OpenAPI entry.
import type { Response } from 'express';
import type { PlainOperation } from './plain-route';

export async function sendPdf(res: Response, work: () => Promise<{ pdf: Buffer; filename: string }>) {
  const { pdf, filename } = await work();
  res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' });
  res.send(pdf);
}

const pdfAnswer = { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } } };

export const pdfOperation = (operationId: string, tag: string, summary: string, responses: PlainOperation['responses']): PlainOperation => ({
  operationId,
  tags: [tag],
  summary,
  responses: { 200: pdfAnswer, ...responses },
});

export const creditNumber = { name: 'number', in: 'path' as const, required: true, description: 'The credit note number, e.g. CN-000001', schema: { type: 'string' as const } };

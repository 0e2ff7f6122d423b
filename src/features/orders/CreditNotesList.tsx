import { FileDown } from 'lucide-react';
import type { OrderDto } from '../../../shared/schemas/order.schema';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';
import { formatOrderDate } from './StatusBadge';

/** The credit notes of the buyer's order (refunds, a cancellation of an invoiced order), each its PDF (decision 0166). */
export function CreditNotesList({ order }: { order: Pick<OrderDto, 'credit_notes'> }) {
  if (!order.credit_notes.length) return null;
  return (
    <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="credit-notes-heading">
      <h2 id="credit-notes-heading" className="mb-3 text-lg font-semibold text-slate-900">Credit notes</h2>
      <ul className="space-y-2 text-sm">
        {order.credit_notes.map((c) => (
          <li key={c.number} className="flex flex-wrap items-center justify-between gap-2">
            <button
              type="button"
              className="inline-flex items-center gap-1 font-mono text-emerald-700 underline hover:text-emerald-800"
              onClick={() => downloadFile(c.pdf_url.replace(/^\/api/, ''), `${c.number}.pdf`).catch((err: Error) => toast.error(err.message))}
            >
              <FileDown className="h-4 w-4" aria-hidden /> {c.number} (PDF)
            </button>
            <span className="text-slate-600">{formatOrderDate(c.issued_at)} · S${c.amount.toFixed(2)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { FileText } from 'lucide-react';
import { formatCalendarDay } from '../../../shared/domain/shop-time';
import type { OrderDto } from '../../../shared/schemas/order.schema';
import { money } from '../cart/money';

const STATE_LABEL = { unpaid: 'Not paid yet', partially_paid: 'Partly paid', paid: 'Paid in full' } as const;

/**
 * An order on the company's account (decision 0194): what is due by when, the buyer's PO number and
 * what has been paid. The server decides every figure; this only shows them.
 */
export function InvoiceTerms({ invoice, total }: { invoice: NonNullable<OrderDto['invoice']>; total: number }) {
  const paid = invoice.state === 'paid';
  return (
    <section
      className={`rounded-xl border p-5 ${paid ? 'border-emerald-200 bg-emerald-50' : 'border-sky-200 bg-sky-50'}`}
      aria-labelledby="invoice-terms-heading"
      data-testid="invoice-terms"
      data-state={invoice.state}
    >
      <h2 id="invoice-terms-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <FileText className="h-5 w-5 text-sky-700" aria-hidden /> Pay on invoice
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {paid
          ? 'This invoice is paid in full. Thank you.'
          : `This order is on your company's account. We are preparing it now; please pay the tax invoice by ${formatCalendarDay(invoice.due_date)}.`}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Due date</dt>
          <dd className="font-medium text-slate-900">{formatCalendarDay(invoice.due_date)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">PO number</dt>
          <dd className="font-medium break-all text-slate-900">{invoice.po_number ?? '-'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Paid</dt>
          <dd className="font-medium text-slate-900">
            {money(invoice.amount_paid)} of {money(total)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Balance due</dt>
          <dd className="font-medium text-slate-900" data-testid="invoice-balance">
            {money(invoice.amount_due)} <span className="text-xs font-normal text-slate-600">({STATE_LABEL[invoice.state]})</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}

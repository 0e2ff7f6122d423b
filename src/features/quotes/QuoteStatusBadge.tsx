import type { QuoteStatus } from '../../../shared/domain/quotes';

const STYLES: Record<QuoteStatus, string> = {
  requested: 'bg-amber-100 text-amber-800 ring-amber-200',
  quoted: 'bg-sky-100 text-sky-800 ring-sky-200',
  accepted: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  declined: 'bg-slate-100 text-slate-700 ring-slate-200',
  expired: 'bg-red-100 text-red-800 ring-red-200',
};

const QUOTE_STATUS_LABEL: Record<QuoteStatus, string> = {
  requested: 'Waiting for prices',
  quoted: 'Priced',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

export function QuoteStatusBadge({ status, label }: { status: QuoteStatus; label?: string }) {
  return (
    <span data-testid="quote-status" className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[status]}`}>
      {label ?? QUOTE_STATUS_LABEL[status]}
    </span>
  );
}

/** A YYYY-MM-DD as "30 November 2026". */
export const formatDay = (date: string) => new Date(`${date}T00:00:00.000Z`).toLocaleDateString('en-SG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

import { formatShopDateTime } from '../../../shared/domain/shop-time';
import type { OrderHistoryEntry } from '../../../shared/schemas/order-history.schema';

const LABEL: Record<OrderHistoryEntry['to_status'], string> = {
  pending: 'Order placed',
  paid: 'Payment received',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

// "28 Nov 2026, 6:36 pm SGT": named as Singapore time, so a buyer abroad does not read it as their own.
const when = (iso: string) => formatShopDateTime(iso);

/** Every status change with its time, who made it, the note and the tracking link (shopper and staff pages). */
export function OrderTimeline({ entries }: { entries: OrderHistoryEntry[] }) {
  if (!entries.length) return <p className="text-sm text-slate-500">No history recorded for this order.</p>;
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5" data-testid="order-timeline">
      {entries.map((e, i) => (
        <li key={`${e.at}-${i}`} className="relative">
          <span aria-hidden className={`absolute -left-[27px] top-1 h-3 w-3 rounded-full ring-4 ring-white ${e.to_status === 'cancelled' ? 'bg-red-500' : i === entries.length - 1 ? 'bg-emerald-600' : 'bg-slate-300'}`} />
          <p className="text-sm font-semibold text-slate-900">{LABEL[e.to_status]}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={e.at}>{when(e.at)}</time> · {e.by}
          </p>
          {e.tracking_number && (
            <p className="mt-1 text-sm text-slate-700">
              {e.courier ? `${e.courier}: ` : 'Tracking number: '}
              {e.tracking_url ? (
                <a href={e.tracking_url} target="_blank" rel="noopener noreferrer" className="font-mono text-emerald-700 underline hover:text-emerald-800">{e.tracking_number}</a>
              ) : (
                <span className="font-mono">{e.tracking_number}</span>
              )}
            </p>
          )}
          {e.note && <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{e.to_status === 'cancelled' ? `Reason: ${e.note}` : e.note}</p>}
        </li>
      ))}
    </ol>
  );
}

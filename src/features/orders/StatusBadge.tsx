import type { OrderStatus } from '../../../shared/constants';
import { formatShopDate } from '../../../shared/domain/shop-time';

const STYLES: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-800 ring-amber-200',
  paid: 'bg-sky-100 text-sky-800 ring-sky-200',
  processing: 'bg-indigo-100 text-indigo-800 ring-indigo-200',
  shipped: 'bg-violet-100 text-violet-800 ring-violet-200',
  delivered: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-red-100 text-red-800 ring-red-200',
};

/** Each order status has its own colour (docs/spec/storefront.md section 4). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span data-testid="order-status" className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${STYLES[status]}`}>
      {status}
    </span>
  );
}

/** The day an order was placed, in Singapore. */
export const formatOrderDate = (iso: string) => formatShopDate(iso);

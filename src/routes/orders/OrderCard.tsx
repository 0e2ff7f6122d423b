import { ChevronRightIcon } from '../../components/ui/inline-icons';
import type { Ref } from 'react';
import { ORDER_LIST_PREVIEW_ITEMS } from '../../../shared/constants';
import { countOf, packSizeOf } from '../../../shared/domain/product-options';
import { formatShopDate } from '../../../shared/domain/shop-time';
import { money } from '../../features/cart/money';
import { StatusBadge } from '../../features/orders/StatusBadge';
import { OrderAgain } from '../../features/repeat/OrderAgain';
import { Link } from '../../lib/router';
import type { RouterOutputs } from '../../lib/trpc';

type Order = RouterOutputs['orders']['page']['items'][number];

/** One order on My Orders: number, day placed (Singapore), status, total, its first 3 lines then '+N more items'. */
export function OrderCard({ order: o, linkRef }: { order: Order; linkRef?: Ref<HTMLAnchorElement> }) {
  const more = o.items.length - ORDER_LIST_PREVIEW_ITEMS;
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-emerald-300">
      <Link ref={linkRef} to={`/orders/${o.id}`} className="block rounded-t-xl p-5 pb-3" data-testid="order-card">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <p className="font-semibold text-slate-900">{o.order_number}</p>
            <p className="text-xs text-slate-500"><time dateTime={o.created_at}>{formatShopDate(o.created_at)}</time></p>
          </div>
          <div className="flex items-center gap-3">
            <StatusBadge status={o.status} />
            <span className="font-semibold text-slate-900">{money(o.total)}</span>
            <ChevronRightIcon className="h-4 w-4 text-slate-400" />
          </div>
        </div>
        <ul className="mt-3 space-y-1 text-sm text-slate-600">
          {o.items.slice(0, ORDER_LIST_PREVIEW_ITEMS).map((i, n) => (
            <li key={n} className="flex justify-between gap-2">
              <span className="truncate">{i.product_name} × {countOf(i.quantity, packSizeOf(i.attributes))}</span>
              <span>{money(i.line_total)}</span>
            </li>
          ))}
        </ul>
        {more > 0 && <p className="mt-1 text-sm text-slate-500">+{more} more items</p>}
      </Link>
      <div className="border-t border-slate-100 px-5 py-3">
        <OrderAgain orderId={o.id} orderNumber={o.order_number} size="sm" />
      </div>
    </li>
  );
}

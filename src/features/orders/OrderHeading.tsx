import { FileDown } from 'lucide-react';
import type { ReactNode } from 'react';
import type { OrderDto } from '../../../shared/schemas/order.schema';
import { Button } from '../../components/ui/Button';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';
import { StatusBadge } from './StatusBadge';

/**
 * An order's heading wherever a buyer's side shows one order (the buyer's page, the company admins'
 * page): its number, status and tax invoice, fetched from `invoicePath` (each side has its own
 * route). The page's own buttons follow in `children`.
 */
export function OrderHeading({ order, invoicePath, children }: { order: Pick<OrderDto, 'order_number' | 'status'>; invoicePath: string; children?: ReactNode }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <h1 className="text-2xl font-bold text-slate-900">Order {order.order_number}</h1>
      <StatusBadge status={order.status} />
      <Button
        variant="outline"
        size="sm"
        className="sm:ml-auto print:hidden"
        // The server names the file; this name is only for a response that does not.
        onClick={() => downloadFile(invoicePath, `tax-invoice-${order.order_number}.pdf`).catch((err: Error) => toast.error(err.message))}
      >
        <FileDown className="h-4 w-4" aria-hidden /> Tax invoice (PDF)
      </Button>
      {children}
    </div>
  );
}

import { Icon, type IconProps } from '../../components/ui/inline-icons';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Link } from '../../lib/router';
import type { ReorderDto } from '../../../shared/schemas/repeat-buying.schema';
import { Button } from '../../components/ui/Button';
import { errorDetail, trpc } from '../../lib/trpc';
import { useCart } from '../cart/CartProvider';

// lucide's shapes, inline: this button is on /orders' first load (decision 0204), and drawn here they
// weigh on no other page.
const RotateCcwIcon = ({ className }: IconProps) => <Icon className={className} d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8M3 3v5h5" />;
const TriangleAlertIcon = ({ className }: IconProps) => <Icon className={className} d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3M12 9v4M12 17h.01" />;

const unitCount = (lines: { quantity: number }[]) => lines.reduce((n, l) => n + l.quantity, 0);

/**
 * "Order again": puts the order's lines in the cart at today's prices. Lines the cart refuses are
 * listed under the button with the reason, never dropped silently.
 */
export function OrderAgain({ orderId, orderNumber, size = 'md' }: { orderId: string; orderNumber: string; size?: 'sm' | 'md' }) {
  const reorder = trpc.orders.reorder.useMutation();
  const { replaceCart } = useCart();
  const [result, setResult] = useState<ReorderDto | null>(null);

  async function onClick() {
    try {
      const res = await reorder.mutateAsync({ id: orderId });
      replaceCart(res.cart);
      setResult(res);
      if (res.added.length) toast.success(`Added ${unitCount(res.added)} item(s) to cart!`);
      if (res.skipped.length) toast(`${res.skipped.length} line(s) of ${orderNumber} could not be added`, { icon: '⚠️' });
    } catch (err) {
      const detail = errorDetail(err);
      toast.error(detail ? `Failed to add to cart: ${detail}` : 'Failed to add to cart. Please try again.');
    }
  }

  return (
    <div className="print:hidden" data-testid="order-again">
      <Button variant="outline" size={size} onClick={onClick} disabled={reorder.isPending} aria-label={`Order ${orderNumber} again`}>
        <RotateCcwIcon className="h-4 w-4" /> {reorder.isPending ? 'Adding...' : 'Order again'}
      </Button>
      {result && (result.skipped.length > 0 || result.added.length > 0) && (
        <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" role="status">
          {result.added.length > 0 && (
            <p className="text-slate-700">
              {result.added.length} line(s) added at today&apos;s prices. <Link to="/cart" className="font-medium text-emerald-700 underline">View cart</Link>
            </p>
          )}
          {result.skipped.length > 0 && (
            <>
              <p className="mt-1 flex items-center gap-1 font-medium text-amber-800">
                <TriangleAlertIcon className="h-4 w-4" /> Not added:
              </p>
              <ul className="mt-1 space-y-1" data-testid="reorder-skipped">
                {result.skipped.map((s) => (
                  <li key={s.sku} className="text-slate-700">
                    <span className="font-medium">{s.product_name}</span> <span className="text-slate-500">({s.sku}) × {s.quantity}</span>: {s.detail}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}

import { Badge } from './ui';

const TONE = { pending: 'amber', paid: 'sky', processing: 'sky', shipped: 'emerald', delivered: 'emerald', cancelled: 'red' } as const;

export function OrderStatusBadge({ status }: { status: keyof typeof TONE }) {
  return <Badge tone={TONE[status]}>{status[0].toUpperCase() + status.slice(1)}</Badge>;
}

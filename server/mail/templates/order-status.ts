import { courierName, trackingUrl } from '../../../shared/domain/couriers';
import { renderEmail, type Block, type MailContext } from '../render';

export interface StatusEmailInput {
  orderId: string;
  orderNumber: string;
  customerName: string;
  status: 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
  trackingNumber?: string | null;
  courier?: string | null;
  reason?: string | null;
  cancelledByCustomer?: boolean;
}

const SUBJECT: Record<StatusEmailInput['status'], string> = {
  paid: 'payment received',
  processing: 'being packed',
  shipped: 'on its way',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

/** One template for every status change the customer is told about. */
export function orderStatusEmail(ctx: MailContext, s: StatusEmailInput) {
  const blocks: Block[] = [{ kind: 'heading', text: `Hello ${s.customerName}` }];
  switch (s.status) {
    case 'paid':
      blocks.push({ kind: 'p', text: `We have received your payment for order ${s.orderNumber}. We will pack it within 1-2 working days.` });
      break;
    case 'processing':
      blocks.push({ kind: 'p', text: `Order ${s.orderNumber} is being packed.` });
      break;
    case 'shipped': {
      const courier = courierName(s.courier);
      blocks.push({ kind: 'p', text: `Order ${s.orderNumber} has shipped${courier ? ` with ${courier}` : ''}. Tracking number: ${s.trackingNumber ?? '-'}.` });
      const url = trackingUrl(s.courier, s.trackingNumber);
      if (url) blocks.push({ kind: 'button', label: 'Track your parcel', url });
      blocks.push({ kind: 'p', text: 'Delivery usually takes 2-5 working days.' });
      break;
    }
    case 'delivered':
      blocks.push({ kind: 'p', text: `Order ${s.orderNumber} has been delivered. Something wrong with it? Reply within 7 days and we will make it right.` });
      break;
    case 'cancelled':
      blocks.push({
        kind: 'p',
        text: s.cancelledByCustomer ? `As you asked, order ${s.orderNumber} has been cancelled. You have not been charged.` : `Order ${s.orderNumber} has been cancelled.`,
      });
      if (s.reason) blocks.push({ kind: 'p', text: `Reason: ${s.reason}` });
      break;
  }
  blocks.push({ kind: 'button', label: 'View your order', url: `${ctx.publicUrl}/orders/${s.orderId}` });
  return renderEmail(ctx, `Order ${s.orderNumber}: ${SUBJECT[s.status]}`, blocks);
}

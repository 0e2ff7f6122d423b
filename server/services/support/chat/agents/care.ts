// The care agent: shipping, returns, payment, people to talk to, and order status for the owner only.
import { CONTACT_POLICY, RETURNS_POLICY, SHIPPING_POLICY, storageLines } from '../../../../../shared/content/policies';
import { SHOP_EMAIL } from '../../../../../shared/constants';
import { formatMoney, toDollars } from '../../../../../shared/domain/money';
import type { ChatAction } from '../../../../../shared/schemas/chat.schema';
import { ACTIONS, type AgentInput, type AgentReply } from '../engine';
import { ORDER_NUMBER } from '../intent';
import type { ShopData } from '../shop-data';

const reply = (content: string, actions: ChatAction[], suggestions: string[]): AgentReply => ({ agentType: 'care', content, actions, suggestions });
const date = (d: Date) => d.toLocaleDateString('en-SG', { day: 'numeric', month: 'long', year: 'numeric' });

const STATUS_TEXT: Record<string, string> = {
  pending: 'has been received and is waiting to be processed',
  paid: 'is paid and queued for packing',
  processing: 'is being packed',
  shipped: 'has shipped',
  delivered: 'has been delivered',
  cancelled: 'was cancelled',
};

/** "ps20261121abcd12" → "PS-20261121-ABCD12" */
function normaliseOrderNumber(raw: string): string {
  const compact = raw.toUpperCase().replace(/-/g, '');
  return `PS-${compact.slice(2, 10)}-${compact.slice(10)}`;
}

export async function orderStatusReply(data: ShopData, input: AgentInput): Promise<AgentReply> {
  const match = ORDER_NUMBER.exec(input.message);
  if (!input.user) {
    return reply(
      'For your privacy I can only look up orders for signed-in customers. Please sign in and ask me again, or see the order under My Orders.',
      [ACTIONS.login, ACTIONS.contact],
      ['What is your return policy?', 'How long does delivery take?'],
    );
  }
  if (!match) {
    const recent = await data.recentOrders(input.user.id);
    if (recent.length === 0) {
      return reply("I couldn't find any orders on your account yet. If you ordered as a guest or with another e-mail, send us the order number through the contact page.", [ACTIONS.orders, ACTIONS.contact], [
        'How long does delivery take?',
      ]);
    }
    const lines = recent.map((o) => `• ${o.orderNumber} (${date(o.createdAt)}): ${o.status}${o.trackingNumber ? `, tracking ${o.trackingNumber}` : ''}`);
    return reply(`Your latest orders:\n${lines.join('\n')}\n\nSend me an order number for more detail.`, [ACTIONS.orders], []);
  }
  const number = normaliseOrderNumber(match[0]);
  const order = await data.orderByNumber(number);
  // Someone else's order reads exactly like an unknown one: nothing leaks about other customers.
  if (!order || order.userId !== input.user.id) {
    return reply(`I couldn't find order ${number} on your account. Please check the number, or contact us if you ordered with another e-mail.`, [ACTIONS.orders, ACTIONS.contact], [
      'Track my order',
    ]);
  }
  const parts = [
    `Order ${order.orderNumber}, placed ${date(order.createdAt)} (${order._count.items} item${order._count.items === 1 ? '' : 's'}, ${formatMoney(toDollars(order.totalCents))}), ${STATUS_TEXT[order.status] ?? order.status}.`,
    order.trackingNumber ? `Tracking number: ${order.trackingNumber}.` : '',
    order.status === 'pending' || order.status === 'paid' || order.status === 'processing' ? `${SHIPPING_POLICY.processing} ${SHIPPING_POLICY.delivery}` : '',
  ].filter(Boolean);
  return reply(parts.join('\n\n'), [{ type: 'link', label: 'View order', url: `/orders/${order.id}` }, ACTIONS.orders], ['What is your return policy?']);
}

export const shippingReply = (): AgentReply =>
  reply(
    [SHIPPING_POLICY.areas, `${SHIPPING_POLICY.processing} ${SHIPPING_POLICY.delivery}`, SHIPPING_POLICY.fees, SHIPPING_POLICY.tracking].join('\n\n'),
    [ACTIONS.shipping, ACTIONS.cart],
    ['What is your return policy?', 'Track my order', 'Any coupon codes?'],
  );

export const returnsReply = (): AgentReply =>
  reply(
    [
      RETURNS_POLICY.window,
      RETURNS_POLICY.damaged,
      RETURNS_POLICY.custom,
      RETURNS_POLICY.refunds,
      RETURNS_POLICY.howTo,
      'Need to cancel? Contact us as soon as possible: orders that have not shipped yet can be cancelled.',
    ].join('\n\n'),
    [ACTIONS.shipping, ACTIONS.contact],
    ['Track my order', 'How long does delivery take?'],
  );

export const paymentReply = (): AgentReply =>
  reply(
    'Online card payment is coming soon. You can place your order now: it is saved as pending and we will contact you about payment before it ships.',
    [ACTIONS.cart, ACTIONS.contact],
    ['How long does delivery take?', 'Any coupon codes?'],
  );

export const contactReply = (): AgentReply =>
  reply(
    `Happy to connect you with our team. Send us a message through the contact page or e-mail ${SHOP_EMAIL}. ${CONTACT_POLICY.replyTime}`,
    [ACTIONS.contact, { type: 'link', label: `E-mail ${SHOP_EMAIL}`, url: `mailto:${SHOP_EMAIL}` }],
    ['Track my order', 'What is your return policy?'],
  );

/** How to keep the seal strip sticky, from the shop's storage policy. */
export const storageReply = (): AgentReply =>
  reply(
    `How to keep polymailers and their seal strips in good shape:\n${storageLines().map((l) => `• ${l}`).join('\n')}`,
    [ACTIONS.contact, ACTIONS.shipping],
    ['What material are polymailers made of?', 'What is your return policy?'],
  );

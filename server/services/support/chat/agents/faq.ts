// The main agent's own answers: the FAQ, greetings, and an honest "I don't know" with a person to ask.
import { SHOP_EMAIL } from '../../../../../shared/constants';
import { CONTACT_POLICY } from '../../../../../shared/content/policies';
import type { AgentType } from '../../../../../shared/schemas/chat.schema';
import { ACTIONS, type AgentReply } from '../engine';
import type { ShopData } from '../shop-data';

const GENERAL = ['Which mailer fits A4 documents?', 'Do you give bulk discounts?', 'How long does delivery take?', 'Track my order'];

export async function productInfoReply(data: ShopData, agentType: AgentType, message: string): Promise<AgentReply> {
  let content =
    'Our polymailers are made of LDPE film: light, tough and waterproof, with a permanent self-seal strip that tears if anyone tries to reopen it. ' +
    'Standard mailers are 60 microns thick; Premium mailers are 80 microns with a double seal strip so your customers can send returns in the same bag. ' +
    'They are recyclable with other LDPE 4 plastics.';
  if (/colou?r/i.test(message)) {
    const colors = await data.colors();
    content = `We stock these colours: ${colors.join(', ')}. Bubble wrap is white only.\n\n${content}`;
  }
  return { agentType, content, actions: [ACTIONS.products], suggestions: ['What sizes do you have?', 'White 25x35 price', 'Do you give bulk discounts?'] };
}

export const customReply = (): AgentReply => ({
  agentType: 'sales',
  content:
    'Yes, we make custom-printed polymailers with your logo. Minimum quantities, lead times and prices depend on the size and print, ' +
    `so our team quotes each job: send us your size, quantity and artwork through the contact page. ${CONTACT_POLICY.replyTime}`,
  actions: [{ type: 'contact', label: 'Get Bulk Quote', url: '/contact' }, ACTIONS.products],
  suggestions: ['What sizes do you have?', 'Do you give bulk discounts?'],
});

export const companyReply = (agentType: AgentType): AgentReply => ({
  agentType,
  content:
    'We are an online packaging shop based in Singapore, shipping to Singapore and Malaysia. We have no walk-in showroom; ' +
    `every order is delivered. Questions? Message us on the contact page or at ${SHOP_EMAIL}.`,
  actions: [ACTIONS.contact, ACTIONS.products],
  suggestions: ['How long does delivery take?', 'Do you deliver to Malaysia?'],
});

export const greetingReply = (agentType: AgentType, name: string | undefined): AgentReply => ({
  agentType,
  content: `Hi${name ? ` ${name}` : ''}! I can help you pick the right mailer size, quote prices and bulk discounts, or check on an order. What are you shipping?`,
  actions: [],
  suggestions: GENERAL,
});

export const thanksReply = (agentType: AgentType): AgentReply => ({
  agentType,
  content: 'You are welcome! Anything else I can help with?',
  actions: [ACTIONS.products],
  suggestions: GENERAL.slice(0, 3),
});

export const unknownReply = (agentType: AgentType): AgentReply => ({
  agentType,
  content:
    "I'm sorry, I don't have a good answer to that. I know our mailer sizes, prices and bulk discounts, coupons, shipping, returns and your orders. " +
    `For anything else, our team is happy to help: use the contact page or e-mail ${SHOP_EMAIL}. ${CONTACT_POLICY.replyTime}`,
  actions: [ACTIONS.contact, ACTIONS.products],
  suggestions: GENERAL,
});

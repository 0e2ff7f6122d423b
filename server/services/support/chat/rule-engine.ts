// The rule-based engine: detect the intent, hand it to the agent that owns it, answer from live data.
import type { AgentType } from '../../../../shared/schemas/chat.schema';
import { contactReply, orderStatusReply, paymentReply, returnsReply, shippingReply, storageReply } from './agents/care';
import { companyReply, customReply, greetingReply, productInfoReply, thanksReply, unknownReply } from './agents/faq';
import { addToCartReply, bulkReply, couponsReply, giftsReply, quoteReply } from './agents/sales';
import { sizingReply } from './agents/sizing';
import type { AgentInput, AgentReply, ChatAgentEngine } from './engine';
import { ACTIONS } from './engine';
import { detectIntent } from './intent';
import type { ShopData } from './shop-data';

const WELCOME: Record<AgentType, (name?: string) => Omit<AgentReply, 'agentType'>> = {
  main: (name) => ({
    content: `Hi${name ? ` ${name}` : ''}! I'm the PackShop assistant. Ask me about mailer sizes, prices, shipping or your orders.`,
    actions: [],
    suggestions: ['Which mailer fits A4 documents?', 'Do you give bulk discounts?', 'How long does delivery take?', 'Track my order'],
  }),
  sales: (name) => ({
    content: `Hi${name ? ` ${name}` : ''}! Looking for polymailers or bubble wrap? I can quote prices and bulk discounts, find current coupons and add items to your cart.`,
    actions: [],
    suggestions: ['Do you give bulk discounts?', 'Any coupon codes?', 'White 25x35 price', 'Which size do I need?'],
  }),
  sizing: (name) => ({
    content: `Hi${name ? ` ${name}` : ''}! Not sure which size to get? Tell me what you are shipping, or its measurements (e.g. 30 x 20 x 5 cm), and I'll find the mailer that fits.`,
    actions: [],
    suggestions: ['A4 documents', 'A pair of jeans', '30 x 20 x 5 cm box', 'A shoe box'],
  }),
  care: (name) => ({
    content: `Hi${name ? ` ${name}` : ''}! I can help with shipping, returns and your orders. How can I help today?`,
    actions: [ACTIONS.contact],
    suggestions: ['Track my order', 'How long does delivery take?', 'What is your return policy?', 'Talk to a person'],
  }),
};

export function createRuleEngine(data: ShopData): ChatAgentEngine {
  return {
    async welcome(input) {
      return { agentType: input.agentType, ...WELCOME[input.agentType](input.user?.firstName) };
    },

    async reply(input: AgentInput): Promise<AgentReply> {
      const here = input.agentType;
      switch (detectIntent(input.message)) {
        case 'sizing':
          return sizingReply(data, input);
        case 'pricing':
        case 'availability':
          return quoteReply(data, input);
        case 'add_to_cart':
          return addToCartReply(data, input);
        case 'bulk':
          return bulkReply(data, input.message);
        case 'coupons':
          return couponsReply(data);
        case 'gifts':
          return giftsReply(data);
        case 'custom':
          return customReply();
        case 'order_status':
          return orderStatusReply(data, input);
        case 'shipping':
          return shippingReply();
        case 'returns':
          return returnsReply();
        case 'payment':
          return paymentReply();
        case 'contact_human':
          return contactReply();
        case 'storage':
          return storageReply();
        case 'product_info':
          return productInfoReply(data, here, input.message);
        case 'company':
          return companyReply(here);
        case 'thanks':
          return thanksReply(here);
        case 'greeting':
          return greetingReply(here, input.user?.firstName);
        default:
          return unknownReply(here);
      }
    },
  };
}

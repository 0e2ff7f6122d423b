// Replies the widget gives on its own when the chat server cannot be reached (docs/spec/storefront.md
// section 8): chosen by keyword so that the shopper still gets a useful next step.
import { CHAT_STARTING_PRICE } from '../../../shared/constants';
import type { ChatAction } from '../../../shared/schemas/chat.schema';

export interface CannedReply {
  content: string;
  actions: ChatAction[];
  suggestions: string[];
}

export const FALLBACK_GREETING =
  "Hi! I'm here to help with our polymailers, bubble wrap and packaging supplies. How can I assist you today?";
export const INIT_FAILED_TOAST = "Chat initialization failed, but I'm still here to help!";
const AGENT_ERROR_MESSAGE = "I apologize, but I'm having trouble processing your request right now. Could you please try again?";
export const AGENT_ERROR_TOAST = 'Sorry, I encountered an error. Please try again.';
const FALLBACK_SUGGESTIONS = ['What sizes do you have?', 'Do you give bulk discounts?', 'How long does delivery take?', 'Contact support'];

export function cannedReply(message: string): CannedReply {
  const text = message.toLowerCase();
  if (/size|dimension/.test(text)) {
    return {
      content:
        'Our polymailers come in sizes from 17x30 cm to 38x52 cm. Choose a bag at least the item width plus its thickness plus 2 cm across, and its length plus thickness plus 3 cm tall for the seal. Our size guide and our team can help you pick.',
      actions: [
        { type: 'link', label: 'Size Guide', url: '/faq' },
        { type: 'contact', label: 'Contact an Expert', url: '/contact' },
      ],
      suggestions: ['A4 documents', 'A pair of jeans'],
    };
  }
  if (/price|cost/.test(text)) {
    return {
      content: `Our polymailers start from $${CHAT_STARTING_PRICE.toFixed(2)} per pack, with bulk discounts when you buy more packs.`,
      actions: [
        { type: 'link', label: 'View Pricing', url: '/products' },
        { type: 'contact', label: 'Get Bulk Quote', url: '/contact' },
      ],
      suggestions: ['Do you give bulk discounts?', 'Any coupon codes?'],
    };
  }
  if (/track|order/.test(text)) {
    return {
      content: 'I can help you track your order. Please share your order number or the e-mail you ordered with, or see it under My Orders.',
      actions: [{ type: 'link', label: 'Track Order', url: '/orders' }],
      suggestions: ['How long does delivery take?'],
    };
  }
  return { content: AGENT_ERROR_MESSAGE, actions: [{ type: 'contact', label: 'Contact us', url: '/contact' }], suggestions: FALLBACK_SUGGESTIONS };
}

// The seam between the chat service and whatever writes the answers. Today a rule-based engine
// answers from the shop's own data (rule-engine.ts); an external language model could implement
// the same interface later, using ShopData's functions as its tools.
import type { AgentType, ChatAction, PageContext } from '../../../../shared/schemas/chat.schema';
import { productPath } from '../../../../shared/seo/slug';

export interface AgentInput {
  message: string;
  agentType: AgentType;
  pageContext: PageContext;
  productContext: Record<string, unknown> | null;
  cartContext: Record<string, unknown> | null;
  /** The signed-in shopper, if any; order look-ups are limited to their own orders. */
  user: { id: string; firstName: string } | null;
  /** Earlier messages of the session, oldest first (for engines that need the conversation). */
  history: { role: 'user' | 'agent'; content: string }[];
}

export interface AgentReply {
  /** The agent that answered: the engine may hand a question to a specialist. */
  agentType: AgentType;
  content: string;
  actions: ChatAction[];
  suggestions: string[];
}

export interface ChatAgentEngine {
  welcome(input: Omit<AgentInput, 'message' | 'history'>): Promise<AgentReply>;
  reply(input: AgentInput): Promise<AgentReply>;
}

// Actions every agent offers; kept here so their labels and urls stay the same everywhere.
export const ACTIONS = {
  products: { type: 'link', label: 'Browse products', url: '/products' },
  sizeGuide: { type: 'link', label: 'Size guide', url: '/faq' },
  contact: { type: 'contact', label: 'Contact us', url: '/contact' },
  shipping: { type: 'link', label: 'Shipping & Returns', url: '/shipping' },
  orders: { type: 'link', label: 'My Orders', url: '/orders' },
  login: { type: 'link', label: 'Sign in', url: '/login' },
  cart: { type: 'link', label: 'View cart', url: '/cart' },
} as const satisfies Record<string, ChatAction>;

/** A link to a product's page at its readable URL. */
export const productLink = (product: { id: string; name: string }, label: string): ChatAction => ({ type: 'link', label, url: productPath(product) });

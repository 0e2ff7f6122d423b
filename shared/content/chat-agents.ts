// The chat assistant's agents: who answers, with the name, role and avatar the widget's badge and
// the replies show. Shared so the round button can show the right badge before a session exists.

// The agents and page contexts are defined here (no zod), and the wire schemas build on them, so
// the widget's chunk can use them without the schemas and the two files never import each other.
export const AGENT_TYPES = ['main', 'sales', 'sizing', 'care'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];
export const PAGE_CONTEXTS = ['homepage', 'product', 'support'] as const;
export type PageContext = (typeof PAGE_CONTEXTS)[number];

// Limits live here rather than in the zod schema file so the widget's chunk does not pull in zod.
export const MAX_CHAT_MESSAGE_LENGTH = 2000;
export const MAX_CHAT_HISTORY_LIMIT = 200;

export interface AgentProfile {
  type: AgentType;
  name: string;
  role: string;
  /** An emoji: no image to load, readable at badge size. */
  avatar: string;
}

export const AGENTS: Record<AgentType, AgentProfile> = {
  main: { type: 'main', name: 'Pax', role: 'Shop Assistant', avatar: '💬' },
  sales: { type: 'sales', name: 'Sam', role: 'Sales', avatar: '🛍️' },
  sizing: { type: 'sizing', name: 'Sid', role: 'Sizing Expert', avatar: '📐' },
  care: { type: 'care', name: 'Cara', role: 'Customer Care', avatar: '🤝' },
};

/** Agent and page context by route (docs/spec/storefront.md section 2, chat widget). */
export function agentForPath(pathname: string): { agentType: AgentType; pageContext: PageContext } {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (path === '/' || path === '/home') return { agentType: 'sales', pageContext: 'homepage' };
  if (under('/products') || under('/product')) return { agentType: 'sizing', pageContext: 'product' };
  if (under('/contact') || under('/faq') || under('/support')) return { agentType: 'care', pageContext: 'support' };
  if (under('/cart') || under('/checkout')) return { agentType: 'sales', pageContext: 'homepage' };
  if (under('/admin')) return { agentType: 'main', pageContext: 'support' };
  return { agentType: 'main', pageContext: 'homepage' };
}

/** Panel header by page context (docs/spec/storefront.md section 2). */
export function headerForContext(context: PageContext): string {
  if (context === 'homepage') return 'Sales & Support';
  if (context === 'product') return 'Product Expert';
  return 'Customer Care';
}

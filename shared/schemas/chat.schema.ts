import { z } from 'zod';
import { CHAT_HISTORY_DEFAULT_LIMIT } from '../constants';
import { AGENT_TYPES, MAX_CHAT_HISTORY_LIMIT, MAX_CHAT_MESSAGE_LENGTH, PAGE_CONTEXTS, type AgentType, type PageContext } from '../content/chat-agents';

// Chat wire shapes (docs/spec/storefront.md sections 3, 7 and 8). user_id is accepted for compatibility but
// never trusted: a session belongs to the bearer token's user or to the X-Session-Id guest.

export type { AgentType, PageContext };

const agentType = z.enum(AGENT_TYPES, { error: `agent_type must be one of ${AGENT_TYPES.join(', ')}` });
const pageContext = z.enum(PAGE_CONTEXTS, { error: `page_context must be one of ${PAGE_CONTEXTS.join(', ')}` });
/** Free-form context from the page (product id and name, cart summary); kept small. */
const context = z
  .record(z.string(), z.unknown())
  .nullish()
  .refine((v) => v == null || JSON.stringify(v).length <= 4000, 'Context is too large');

/**
 * A path like `/chat/sessions/null/messages` is what a client sends when it has no session yet: blank,
 * `null` and `undefined` (also percent-encoded) count as no session id and answer 400
 * 'Session ID is required' (docs/spec/storefront.md section 5); any other id that is not the caller's is a 404.
 */
const NO_SESSION_ID = new Set(['', 'null', 'undefined']);
function normaliseSessionId(value: string): string {
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    /* not percent-encoded: keep it as sent */
  }
  return NO_SESSION_ID.has(text.trim().toLowerCase()) ? '' : value.trim();
}

// A string in, then normalised (not z.preprocess, whose input is unknown: the OpenAPI document would
// then describe the {sessionId} path parameter as optional, which OpenAPI forbids).
const sessionIdSchema = z
  .string({ error: 'Session ID is required' })
  .transform(normaliseSessionId)
  .pipe(z.string().min(1, 'Session ID is required').max(64, 'Unknown chat session'));

export const createChatSessionInput = z.object({
  agent_type: agentType.default('main'),
  page_context: pageContext.default('homepage'),
  product_context: context,
  cart_context: context,
  user_id: z.union([z.string(), z.number()]).nullish(),
});
export type CreateChatSessionInput = z.infer<typeof createChatSessionInput>;

const chatMessageText = z
  .string({ error: 'Please type a message' })
  .trim()
  .min(1, 'Please type a message')
  .max(MAX_CHAT_MESSAGE_LENGTH, `Messages can be at most ${MAX_CHAT_MESSAGE_LENGTH} characters`);

export const sendChatMessageInput = z.object({
  sessionId: sessionIdSchema,
  session_id: z.string().nullish(),
  message: chatMessageText,
  agent_type: agentType.default('main'),
  page_context: pageContext.default('homepage'),
  product_context: context,
  cart_context: context,
});
export type SendChatMessageInput = z.infer<typeof sendChatMessageInput>;

export const chatHistoryInput = z.object({
  sessionId: sessionIdSchema,
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_CHAT_HISTORY_LIMIT, `limit must be ${MAX_CHAT_HISTORY_LIMIT} or less`)
    .default(CHAT_HISTORY_DEFAULT_LIMIT),
});

export const chatSessionParam = z.object({ sessionId: sessionIdSchema });

const chatActionSchema = z.object({
  /** link: navigate to url; add_to_cart: add payload.variant_id x payload.quantity; contact: /contact or mailto. */
  type: z.enum(['link', 'add_to_cart', 'contact']),
  label: z.string(),
  url: z.string().optional(),
  payload: z.object({ variant_id: z.string(), quantity: z.number().int() }).optional(),
});
export type ChatAction = z.infer<typeof chatActionSchema>;

const agentFields = {
  agent_name: z.string(),
  agent_avatar: z.string(),
  /** Which agent answered (the server may hand a question to a specialist). */
  agent_type: agentType,
  agent_role: z.string(),
};

const welcomeMessageSchema = z.object({
  message_id: z.string(),
  content: z.string(),
  timestamp: z.string(),
  suggestions: z.array(z.string()),
  actions: z.array(chatActionSchema),
  ...agentFields,
});

export const createChatSessionOutput = z.object({
  session_id: z.string(),
  sessionId: z.string(),
  welcome_message: welcomeMessageSchema,
});

export const chatReplySchema = z.object({
  message_id: z.string(),
  content: z.string(),
  timestamp: z.string(),
  actions: z.array(chatActionSchema),
  suggestions: z.array(z.string()),
  ...agentFields,
});
export type ChatReply = z.infer<typeof chatReplySchema>;

const chatHistoryItem = z.object({
  message_id: z.string(),
  role: z.enum(['user', 'agent']),
  content: z.string(),
  timestamp: z.string(),
  agent_name: z.string().nullable(),
  agent_avatar: z.string().nullable(),
  actions: z.array(chatActionSchema),
  suggestions: z.array(z.string()),
});
export type ChatHistoryItem = z.infer<typeof chatHistoryItem>;
export const chatHistoryOutput = z.array(chatHistoryItem);

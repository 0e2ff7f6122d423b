// Chat sessions and messages: who owns a session, storing what was said, and asking the engine.
// Ownership comes from the bearer token's user or the X-Session-Id guest id, never from user_id.
import type { Prisma, PrismaClient } from '@prisma/client';
import { AGENTS } from '../../../shared/content/chat-agents';
import { AppError } from '../../../shared/errors';
import type { AgentType, ChatAction, ChatHistoryItem, ChatReply, CreateChatSessionInput, SendChatMessageInput } from '../../../shared/schemas/chat.schema';
import { consume } from '../../auth/rate-limit';
import type { RateLimiters } from '../../auth/rate-limit';
import type { AgentReply, ChatAgentEngine } from './chat/engine';
import { createRuleEngine } from './chat/rule-engine';
import { createShopData } from './chat/shop-data';
import { readOwnedHistory } from './chat.sql';
import { newId } from '../../db/ids';
import { batchWrite } from '../../db/unit-of-work';

export interface ChatOwner {
  user: { id: string; firstName: string } | null;
  guestId: string | null;
  /** The member's company's price list: the chat quotes what they pay (decision 0193). */
  priceListId?: string | null;
}

const NOT_FOUND = 'Chat session not found';

/** The engine answering chats; swap here for a model-backed ChatAgentEngine. */
const engineFor = (db: PrismaClient, priceListId: string | null = null): ChatAgentEngine => createRuleEngine(createShopData(db, priceListId));

function ownerWhere(owner: ChatOwner): Prisma.ChatSessionWhereInput {
  const or: Prisma.ChatSessionWhereInput[] = [];
  if (owner.user) or.push({ userId: owner.user.id });
  // A guest who signs in keeps the conversation they started in this browser session.
  if (owner.guestId) or.push({ guestId: owner.guestId, userId: null });
  return or.length ? { OR: or } : { id: { in: [] } };
}

async function findOwnedSession(db: PrismaClient, owner: ChatOwner, sessionId: string) {
  const session = await db.chatSession.findFirst({
    where: { id: sessionId, ...ownerWhere(owner) },
    select: { id: true, agentType: true, pageContext: true, productContext: true, cartContext: true },
  });
  if (!session) throw new AppError('NOT_FOUND', NOT_FOUND);
  return session;
}

const asRecord = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

function toWire(id: string, createdAt: Date, r: AgentReply): ChatReply {
  const agent = AGENTS[r.agentType];
  return {
    message_id: id,
    content: r.content,
    timestamp: createdAt.toISOString(),
    actions: r.actions,
    suggestions: r.suggestions,
    agent_name: agent.name,
    agent_avatar: agent.avatar,
    agent_type: agent.type,
    agent_role: agent.role,
  };
}

/** The write, not yet sent: it goes in a batch with the others of its request. */
function storeAgentMessage(db: PrismaClient, sessionId: string, r: AgentReply, createdAt: Date) {
  return db.chatMessage.create({
    data: { id: newId(), sessionId, role: 'agent', content: r.content, agentName: r.agentType, actions: r.actions, suggestions: r.suggestions, createdAt },
    select: { id: true, createdAt: true },
  });
}

export async function createSession(db: PrismaClient, owner: ChatOwner, input: CreateChatSessionInput) {
  if (!owner.user && !owner.guestId) {
    throw new AppError('BAD_REQUEST', 'Please sign in or send your guest session id (X-Session-Id header) to start a chat.');
  }
  // The welcome first, then the session and its welcome in one batch: every session has its
  // welcome (history relies on it), and an engine failure leaves no empty session behind.
  const welcome = await engineFor(db, owner.priceListId ?? null).welcome({
    agentType: input.agent_type,
    pageContext: input.page_context,
    productContext: input.product_context ?? null,
    cartContext: input.cart_context ?? null,
    user: owner.user,
  });
  const sessionId = newId();
  const writeSession = db.chatSession.create({
    data: {
      id: sessionId,
      userId: owner.user?.id ?? null,
      guestId: owner.user ? null : owner.guestId,
      agentType: input.agent_type,
      pageContext: input.page_context,
      productContext: (input.product_context ?? undefined) as Prisma.InputJsonValue | undefined,
      cartContext: (input.cart_context ?? undefined) as Prisma.InputJsonValue | undefined,
    },
    select: { id: true },
  });
  const [session, stored] = await batchWrite(db, [writeSession, storeAgentMessage(db, sessionId, welcome, new Date())]);
  return { session_id: session.id, sessionId: session.id, welcome_message: toWire(stored.id, stored.createdAt, welcome) };
}

export async function sendMessage(db: PrismaClient, limiters: RateLimiters, owner: ChatOwner, input: SendChatMessageInput): Promise<ChatReply> {
  const session = await findOwnedSession(db, owner, input.sessionId);
  await consume(limiters.chatBySession, session.id, 'You are sending messages too quickly.');
  const earlier = await db.chatMessage.findMany({
    where: { sessionId: session.id },
    select: { role: true, content: true },
    orderBy: { createdAt: 'desc' },
    take: 10,
  });
  const sentAt = new Date();
  const answer = await engineFor(db, owner.priceListId ?? null).reply({
    message: input.message,
    agentType: input.agent_type,
    pageContext: input.page_context,
    productContext: input.product_context ?? asRecord(session.productContext),
    cartContext: input.cart_context ?? asRecord(session.cartContext),
    user: owner.user,
    history: earlier.reverse().map((m) => ({ role: m.role === 'user' ? 'user' : 'agent', content: m.content })),
  });
  // The question, its answer and the session's time in one batch: a failure stores none, so
  // history never shows a question without its answer.
  const [, stored] = await batchWrite(db, [
    // Stored as plain text exactly as typed (trimmed); the widget renders it as text, never as HTML.
    db.chatMessage.create({ data: { id: newId(), sessionId: session.id, role: 'user', content: input.message, createdAt: sentAt }, select: { id: true } }),
    // One millisecond later than the question, so history always lists the answer after it.
    storeAgentMessage(db, session.id, answer, new Date(Math.max(Date.now(), sentAt.getTime() + 1))),
    db.chatSession.update({ where: { id: session.id }, data: { updatedAt: new Date() }, select: { id: true } }),
  ]);
  return toWire(stored.id, stored.createdAt, answer);
}

const agentOf = (stored: string | null) => (stored && stored in AGENTS ? AGENTS[stored as AgentType] : null);

export async function history(db: PrismaClient, owner: ChatOwner, sessionId: string, limit: number): Promise<ChatHistoryItem[]> {
  // One statement: the messages of this session only if the caller owns it (the rule of ownerWhere;
  // a missing owner id compares as NULL and matches nothing). Every session starts with the agent's
  // welcome, so no rows almost always means "not yours or not there" (404); the session is looked
  // up on its own only then. SQL rather than findMany: Prisma's compile and mapping were about half
  // of this read's CPU (docs/decisions/0088-cart-and-chat-history-sql.md).
  const rows = await readOwnedHistory(db, { userId: owner.user?.id ?? null, guestId: owner.guestId }, sessionId, limit);
  if (rows.length === 0) await findOwnedSession(db, owner, sessionId);
  return rows.reverse().map((m) => {
    const agent = agentOf(m.agentName);
    return {
      message_id: m.id,
      role: m.role === 'user' ? 'user' : 'agent',
      content: m.content,
      timestamp: m.createdAt.toISOString(),
      agent_name: agent?.name ?? null,
      agent_avatar: agent?.avatar ?? null,
      actions: Array.isArray(m.actions) ? (m.actions as ChatAction[]) : [],
      suggestions: Array.isArray(m.suggestions) ? (m.suggestions as string[]) : [],
    };
  });
}

export async function deleteSession(db: PrismaClient, owner: ChatOwner, sessionId: string) {
  const session = await findOwnedSession(db, owner, sessionId);
  await db.chatSession.delete({ where: { id: session.id }, select: { id: true } });
  return { ok: true, message: 'Chat session deleted' };
}

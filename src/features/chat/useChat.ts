import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { AGENTS } from '../../../shared/content/chat-agents';
import { CHAT_HISTORY_DEFAULT_LIMIT } from '../../../shared/constants';
import type { AgentType, ChatAction, PageContext } from '../../../shared/schemas/chat.schema';
import { CHAT_SESSION_KEY as SESSION_KEY } from '../../lib/session';
import { errorDetail, httpStatusOf, trpc } from '../../lib/trpc';
import { AGENT_ERROR_TOAST, FALLBACK_GREETING, INIT_FAILED_TOAST, cannedReply } from './fallback';

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

export interface ChatItem {
  id: string;
  kind: 'user' | 'agent' | 'suggestions';
  content: string;
  actions: ChatAction[];
  suggestions: string[];
  agentName?: string | null;
  agentAvatar?: string | null;
}

const SUGGESTIONS_DELAY_MS = 1000;

let seq = 0;
const localId = () => `local-${Date.now()}-${++seq}`;

export interface ChatContext {
  agentType: AgentType;
  pageContext: PageContext;
  productContext: Record<string, unknown> | null;
  userId: string | null;
}

export function useChat(ctx: ChatContext) {
  const utils = trpc.useUtils();
  const [messages, setMessages] = useState<ChatItem[]>([]);
  const [status, setStatus] = useState<ConnectionStatus>('disconnected');
  const [waiting, setWaiting] = useState(false);
  const sessionId = useRef<string | null>(sessionStorage.getItem(SESSION_KEY));
  const starting = useRef(false);
  const timers = useRef<number[]>([]);
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const add = useCallback((item: ChatItem) => setMessages((list) => [...list, item]), []);

  const createSession = useCallback(async () => {
    const c = ctxRef.current;
    try {
      return await utils.client.chat.createSession.mutate({
        agent_type: c.agentType,
        page_context: c.pageContext,
        product_context: c.productContext,
        cart_context: null,
        user_id: c.userId,
      });
    } catch (err) {
      throw new Error(`Session creation failed: ${httpStatusOf(err) ?? 0}`);
    }
  }, [utils]);

  /** Called when the panel opens with no messages: restore this tab's chat, or start one. */
  const start = useCallback(async () => {
    if (starting.current) return;
    starting.current = true;
    setStatus('connecting');
    try {
      if (sessionId.current) {
        const history = await utils.client.chat.history
          .query({ sessionId: sessionId.current, limit: CHAT_HISTORY_DEFAULT_LIMIT })
          .catch(() => []);
        if (history.length > 0) {
          setMessages(
            history.map((m) => ({
              id: m.message_id,
              kind: m.role,
              content: m.content,
              actions: m.actions,
              suggestions: [],
              agentName: m.agent_name,
              agentAvatar: m.agent_avatar,
            })),
          );
          setStatus('connected');
          return;
        }
      }
      const session = await createSession();
      sessionId.current = session.session_id;
      sessionStorage.setItem(SESSION_KEY, session.session_id);
      const w = session.welcome_message;
      add({ id: w.message_id, kind: 'agent', content: w.content, actions: w.actions, suggestions: [], agentName: w.agent_name, agentAvatar: w.agent_avatar });
      if (w.suggestions.length > 0) {
        timers.current.push(
          window.setTimeout(() => add({ id: localId(), kind: 'suggestions', content: '', actions: [], suggestions: w.suggestions }), SUGGESTIONS_DELAY_MS),
        );
      }
      setStatus('connected');
    } catch (err) {
      console.warn(err instanceof Error ? err.message : err);
      const agent = AGENTS[ctxRef.current.agentType];
      add({ id: localId(), kind: 'agent', content: FALLBACK_GREETING, actions: [], suggestions: [], agentName: agent.name, agentAvatar: agent.avatar });
      toast(INIT_FAILED_TOAST);
      setStatus('error');
    } finally {
      starting.current = false;
    }
  }, [add, createSession, utils]);

  const send = useCallback(
    async (raw: string) => {
      const message = raw.trim();
      if (!message || waiting) return;
      add({ id: localId(), kind: 'user', content: message, actions: [], suggestions: [] });
      setWaiting(true);
      const c = ctxRef.current;
      try {
        // The session could not be created when the panel opened: try once more before giving up.
        if (!sessionId.current) {
          const session = await createSession();
          sessionId.current = session.session_id;
          sessionStorage.setItem(SESSION_KEY, session.session_id);
        }
        const r = await utils.client.chat.sendMessage.mutate({
          sessionId: sessionId.current,
          session_id: sessionId.current,
          message,
          agent_type: c.agentType,
          page_context: c.pageContext,
          product_context: c.productContext,
          cart_context: null,
        });
        add({ id: r.message_id, kind: 'agent', content: r.content, actions: r.actions, suggestions: r.suggestions, agentName: r.agent_name, agentAvatar: r.agent_avatar });
        setStatus('connected');
      } catch (err) {
        const agent = AGENTS[c.agentType];
        const status = httpStatusOf(err);
        // A session that vanished (deleted, other tab) is forgotten so the next open starts afresh.
        if (status === 404) {
          sessionStorage.removeItem(SESSION_KEY);
          sessionId.current = null;
        }
        // Refusals the shopper can act on (too fast, too long) are shown in the server's words.
        const detail = status === 429 || status === 400 ? errorDetail(err) : undefined;
        const canned = detail ? { content: detail, actions: [], suggestions: [] } : cannedReply(message);
        add({ id: localId(), kind: 'agent', ...canned, agentName: agent.name, agentAvatar: agent.avatar });
        toast.error(AGENT_ERROR_TOAST);
        setStatus('error');
      } finally {
        setWaiting(false);
      }
    },
    [add, createSession, utils, waiting],
  );

  return { messages, status, waiting, start, send };
}

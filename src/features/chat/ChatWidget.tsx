// The chat assistant widget (docs/spec/storefront.md sections 2, 4 and 8): a round button with the agent's
// badge, opening a 384 x 500 panel that can be minimised to its header or closed.
import { MessageCircle, Minus, Send, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { AGENTS, MAX_CHAT_MESSAGE_LENGTH, agentForPath, headerForContext } from '../../../shared/content/chat-agents';
import type { ChatAction } from '../../../shared/schemas/chat.schema';
import { useAuth } from '../auth/AuthProvider';
import { useCart } from '../cart/CartProvider';
import { AgentAvatar, agentTypeByName } from './AgentAvatar';
import { ChatMessages } from './ChatMessages';
import { useChat, type ConnectionStatus } from './useChat';
import { useStepAside } from './useStepAside';

const STATUS: Record<ConnectionStatus, { label: string; dot: string }> = {
  disconnected: { label: 'Offline', dot: 'bg-slate-300' },
  connecting: { label: 'Connecting...', dot: 'bg-amber-400 animate-pulse' },
  connected: { label: 'Online', dot: 'bg-emerald-400' },
  error: { label: 'Connection error', dot: 'bg-red-500' },
};

function productIdFrom(pathname: string): string | null {
  const m = /^\/products?\/([^/]+)/.exec(pathname);
  return m ? decodeURIComponent(m[1]) : null;
}

export default function ChatWidget() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { addItem } = useCart();
  const { agentType, pageContext } = agentForPath(pathname);
  const agent = AGENTS[agentType];
  const productId = productIdFrom(pathname);
  const productContext = useMemo(() => (productId ? { product_id: productId } : null), [productId]);
  const chat = useChat({ agentType, pageContext, productContext, userId: user?.id ?? null });
  const [open, setOpen] = useState(false);
  const [minimised, setMinimised] = useState(false);
  const [text, setText] = useState('');
  // Closing the panel from the keyboard puts focus back on the round button, not on the page top.
  const returnFocus = useRef(false);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };

  const button = useRef<HTMLButtonElement | null>(null);
  const tucked = useStepAside(button, !open);

  const { messages, start } = chat;
  useEffect(() => {
    if (open && messages.length === 0) void start();
  }, [open, messages.length, start]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || chat.waiting) return;
    void chat.send(text);
    setText('');
  };

  const onAction = (action: ChatAction) => {
    if (action.type === 'add_to_cart' && action.payload) {
      void addItem(action.payload.variant_id, action.payload.quantity, { counted: true });
      return;
    }
    const url = action.url ?? '/contact';
    if (/^(mailto:|https?:)/.test(url)) window.location.href = url;
    else navigate(url);
  };

  if (!open) {
    // Tucked (useStepAside): a narrow tab in the page's side margin, with the same name.
    return (
      <button
        type="button"
        ref={(el) => {
          button.current = el;
          if (el && returnFocus.current) {
            returnFocus.current = false;
            el.focus();
          }
        }}
        onClick={() => {
          setOpen(true);
          setMinimised(false);
        }}
        aria-label={`Open chat with ${agent.name}, ${agent.role}`}
        data-testid="chat-open"
        data-tucked={tucked || undefined}
        className={`fixed bottom-4 z-40 flex items-center justify-center bg-emerald-600 text-white shadow-lg shadow-emerald-900/20 transition-[right,width,height,border-radius] duration-150 hover:bg-emerald-700 focus:outline-none focus-visible:ring-4 focus-visible:ring-emerald-300 ${
          tucked ? 'right-0 h-12 w-4 rounded-l-lg' : 'right-4 h-14 w-14 rounded-full'
        }`}
      >
        <MessageCircle className={tucked ? 'h-3 w-3' : 'h-6 w-6'} aria-hidden="true" />
        <span
          data-chat-badge
          className={`absolute -top-2 right-10 items-center gap-1 whitespace-nowrap rounded-full bg-white px-2 py-0.5 text-[11px] font-semibold text-slate-700 shadow ring-1 ring-slate-200 ${tucked ? 'hidden' : 'flex'}`}
        >
          <AgentAvatar type={agentType} className="h-3 w-3 text-emerald-600" />
          {agent.role}
        </span>
      </button>
    );
  }

  const status = STATUS[chat.status];
  // The header names whoever answered last (a bulk question on /faq is answered by Sales), so it
  // never contradicts the conversation below; before any answer it names the page's agent.
  const lastAgentName = [...chat.messages].reverse().find((m) => m.kind === 'agent' && m.agentName)?.agentName;
  const speaker = lastAgentName ? AGENTS[agentTypeByName(lastAgentName)] : agent;
  return (
    <section
      aria-label="Chat assistant"
      onKeyDown={(e) => e.key === 'Escape' && close()}
      data-testid="chat-panel"
      className={`fixed inset-x-0 bottom-0 z-40 flex flex-col overflow-hidden border border-slate-200 bg-white shadow-2xl sm:inset-x-auto sm:bottom-4 sm:right-4 sm:w-[384px] sm:rounded-2xl ${
        minimised ? 'h-auto rounded-t-2xl' : 'h-[500px] max-h-[calc(100dvh-4rem)] rounded-t-2xl'
      }`}
    >
      <header className="flex items-center gap-3 bg-emerald-600 px-4 py-3 text-white">
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-white/20">
          <AgentAvatar type={speaker.type} className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold" data-testid="chat-title">
            {headerForContext(pageContext)}
          </h2>
          <p className="flex items-center gap-1.5 truncate text-xs text-emerald-50" data-testid="chat-status" data-status={chat.status} title={`${speaker.name}, ${speaker.role}`}>
            <span className={`h-2 w-2 rounded-full ${status.dot}`} aria-hidden="true" />
            <span data-testid="chat-speaker">{speaker.name}</span> ({speaker.role}) · {status.label}
          </p>
        </div>
        <button type="button" onClick={() => setMinimised((m) => !m)} aria-label={minimised ? 'Expand chat' : 'Minimise chat'} className="rounded-md p-1.5 hover:bg-white/15">
          <Minus className="h-4 w-4" aria-hidden="true" />
        </button>
        <button type="button" onClick={close} aria-label="Close chat" className="rounded-md p-1.5 hover:bg-white/15">
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </header>
      {!minimised && (
        <>
          <ChatMessages messages={chat.messages} waiting={chat.waiting} onSuggestion={(s) => void chat.send(s)} onAction={onAction} />
          <form onSubmit={submit} className="flex items-center gap-2 border-t border-slate-200 bg-white p-3">
            <input
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={MAX_CHAT_MESSAGE_LENGTH}
              placeholder="Type your message..."
              aria-label="Message"
              data-testid="chat-input"
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200"
            />
            <button
              type="submit"
              disabled={!text.trim() || chat.waiting}
              aria-label="Send message"
              data-testid="chat-send"
              className="flex h-9 w-9 items-center justify-center rounded-lg bg-emerald-600 text-white hover:bg-emerald-700 disabled:cursor-not-allowed disabled:bg-slate-300"
            >
              <Send className="h-4 w-4" aria-hidden="true" />
            </button>
          </form>
        </>
      )}
    </section>
  );
}

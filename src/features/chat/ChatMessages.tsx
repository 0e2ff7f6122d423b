import { useEffect, useRef } from 'react';
import type { ChatAction } from '../../../shared/schemas/chat.schema';
import { AgentAvatar, agentTypeByName } from './AgentAvatar';
import type { ChatItem } from './useChat';

/** Plain text with line breaks and "• " bullet lines; never parsed as HTML. */
function FormattedText({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        return (
          <div key={i} className={i > 0 ? 'mt-2' : undefined}>
            {lines.map((line, j) =>
              line.startsWith('• ') ? (
                <div key={j} className="flex gap-1.5 pl-1">
                  <span aria-hidden="true">•</span>
                  <span>{line.slice(2)}</span>
                </div>
              ) : (
                <div key={j}>{line}</div>
              ),
            )}
          </div>
        );
      })}
    </>
  );
}

function Chips({ items, onPick, disabled }: { items: string[]; onPick(text: string): void; disabled: boolean }) {
  return (
    <div className="flex flex-wrap gap-1.5" data-testid="chat-suggestions">
      {items.map((s) => (
        <button
          key={s}
          type="button"
          disabled={disabled}
          onClick={() => onPick(s)}
          className="rounded-full border border-emerald-200 bg-emerald-50 px-3 py-1 text-xs font-medium text-emerald-800 hover:bg-emerald-100 disabled:opacity-50"
        >
          {s}
        </button>
      ))}
    </div>
  );
}

interface Props {
  messages: ChatItem[];
  waiting: boolean;
  onSuggestion(text: string): void;
  onAction(action: ChatAction): void;
}

export function ChatMessages({ messages, waiting, onSuggestion, onAction }: Props) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, waiting]);
  const lastAgent = messages.map((m) => m.kind).lastIndexOf('agent');

  return (
    <div className="flex-1 space-y-3 overflow-y-auto bg-slate-50 px-3 py-3" aria-live="polite" data-testid="chat-messages">
      {messages.map((m, index) => {
        if (m.kind === 'suggestions') {
          return <Chips key={m.id} items={m.suggestions} onPick={onSuggestion} disabled={waiting} />;
        }
        if (m.kind === 'user') {
          return (
            <div key={m.id} className="flex justify-end">
              <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-emerald-600 px-3 py-2 text-sm text-white" data-testid="chat-user-message">
                {m.content}
              </div>
            </div>
          );
        }
        return (
          <div key={m.id} className="flex gap-2" data-testid="chat-agent-message">
            <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700" title={m.agentAvatar ?? undefined}>
              <AgentAvatar type={agentTypeByName(m.agentName)} className="h-3.5 w-3.5" />
            </span>
            <div className="min-w-0 max-w-[85%] space-y-2">
              {m.agentName && <div className="text-[11px] font-medium text-slate-500">{m.agentName}</div>}
              <div className="break-words rounded-2xl rounded-tl-sm bg-white px-3 py-2 text-sm text-slate-800 shadow-sm ring-1 ring-slate-200">
                <FormattedText text={m.content} />
              </div>
              {m.actions.length > 0 && (
                <div className="flex flex-wrap gap-1.5">
                  {m.actions.map((a, i) => (
                    <button
                      key={`${a.label}-${i}`}
                      type="button"
                      onClick={() => onAction(a)}
                      className={
                        a.type === 'add_to_cart'
                          ? 'rounded-lg bg-emerald-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-emerald-700'
                          : 'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-xs font-medium text-slate-700 hover:border-emerald-500 hover:text-emerald-700'
                      }
                    >
                      {a.label}
                    </button>
                  ))}
                </div>
              )}
              {index === lastAgent && m.suggestions.length > 0 && <Chips items={m.suggestions} onPick={onSuggestion} disabled={waiting} />}
            </div>
          </div>
        );
      })}
      {waiting && (
        <div className="flex items-center gap-2 text-slate-500" data-testid="chat-typing" aria-label="The assistant is typing">
          <span className="flex gap-1 rounded-2xl bg-white px-3 py-2.5 shadow-sm ring-1 ring-slate-200">
            <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.3s]" />
            <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.15s]" />
            <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-400" />
          </span>
        </div>
      )}
      <div ref={end} />
    </div>
  );
}

import { Bot, HeartHandshake, Ruler, ShoppingBag, type LucideIcon } from 'lucide-react';
import { AGENTS } from '../../../shared/content/chat-agents';
import type { AgentType } from '../../../shared/schemas/chat.schema';

// The wire carries an emoji avatar; the widget draws an icon per agent instead, because emoji
// fonts are missing on some systems and a blank box looks broken.
const ICONS: Record<AgentType, LucideIcon> = { main: Bot, sales: ShoppingBag, sizing: Ruler, care: HeartHandshake };

export function agentTypeByName(name: string | null | undefined): AgentType {
  return Object.values(AGENTS).find((a) => a.name === name)?.type ?? 'main';
}

export function AgentAvatar({ type, className = 'h-4 w-4' }: { type: AgentType; className?: string }) {
  const Icon = ICONS[type];
  return <Icon className={className} aria-hidden="true" />;
}

import type { LucideIcon } from 'lucide-react';

const LOOKS = {
  /** One of the shop's values, its title a heading of the page. */
  feature: { card: 'p-6', icon: '', title: 'mt-3', text: 'mt-1 text-sm leading-6' },
  /** A key figure in a row of three that stays a row on a phone: centred, smaller there. */
  fact: { card: 'p-3 text-center sm:p-5', icon: 'mx-auto', title: 'mt-2', text: 'text-xs sm:text-sm' },
};

/** A white card of the static pages: an emerald icon, a title and a line of text. */
export function IconCard({ icon: Icon, title, text, look }: { icon: LucideIcon; title: string; text: string; look: keyof typeof LOOKS }) {
  const l = LOOKS[look];
  const Title = look === 'feature' ? 'h2' : 'p';
  return (
    <div className={`rounded-xl border border-slate-200 bg-white shadow-sm ${l.card}`}>
      <Icon className={`${l.icon} h-7 w-7 text-emerald-600`.trim()} aria-hidden />
      <Title className={`${l.title} font-semibold text-slate-900`}>{title}</Title>
      <p className={`${l.text} text-slate-600`}>{text}</p>
    </div>
  );
}

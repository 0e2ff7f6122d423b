import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { FOCUSABLE, wrapTab } from '../../lib/focus-trap';
import { toast } from '../../lib/toast';
import { errorDetail } from '../../lib/trpc';
import { formatShopDate, formatShopDateTime } from '../../../shared/domain/shop-time';

/** The server's detail, else the error's message, else its text (docs/spec/back-office.md section 8). */
export function errorText(error: unknown): string {
  return errorDetail(error) ?? (error as { message?: string } | null)?.message ?? String(error);
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}>{children}</div>;
}

/**
 * The body of a back-office record page (an order, a quote): the main card with the record's lines,
 * two thirds of a wide screen, and the side cards beside it (under it on a phone). min-w-0 lets a wide
 * table scroll inside its card instead of widening the page.
 */
export function RecordColumns({ title, main, children }: { title: string; main: ReactNode; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-3">
      <Card className="min-w-0 lg:col-span-2">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {main}
      </Card>
      <div className="space-y-4">{children}</div>
    </div>
  );
}

export function Badge({ children, tone = 'slate' }: { children: ReactNode; tone?: 'slate' | 'emerald' | 'amber' | 'red' | 'sky' }) {
  const tones = {
    slate: 'bg-slate-100 text-slate-700',
    emerald: 'bg-emerald-100 text-emerald-800',
    amber: 'bg-amber-100 text-amber-800',
    red: 'bg-red-100 text-red-700',
    sky: 'bg-sky-100 text-sky-800',
  };
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

/**
 * A dialog over the page; Escape and the backdrop close it. Focus moves into it when it opens,
 * Tab cycles inside it, and focus returns to what opened it when it closes.
 */
export function Modal({ title, open, onClose, children, wide }: { title: string; open: boolean; onClose(): void; children: ReactNode; wide?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  // A ref, so a new onClose on every render does not re-run the effect (and steal focus while typing).
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const focusables = () => [...(box.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    (focusables().find((el) => el.getAttribute('aria-label') !== 'Close') ?? focusables()[0])?.focus();
    const onKey = (e: KeyboardEvent) => (e.key === 'Escape' ? close.current() : wrapTab(e, focusables()));
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [open]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-4" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} role="dialog" aria-modal="true" aria-label={title} className={`max-h-[92vh] w-full overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:rounded-2xl ${wide ? 'sm:max-w-2xl' : 'sm:max-w-lg'}`}>
        <div className="sticky top-0 flex items-center justify-between border-b border-slate-100 bg-white px-5 py-4">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <button type="button" onClick={onClose} aria-label="Close" className="rounded-lg p-1 text-slate-500 hover:bg-slate-100">
            <X className="h-5 w-5" />
          </button>
        </div>
        <div className="px-5 py-4">{children}</div>
      </div>
    </div>
  );
}

/**
 * The back office's tabs over one panel: a row of buttons, the chosen one underlined. `tabs` are
 * [id, label] pairs; the page keeps which is chosen (in its state or the URL).
 */
export function TabBar<T extends string>({ label, tabs, selected, onSelect, className = 'mb-4' }: { label?: string; tabs: readonly (readonly [NoInfer<T>, ReactNode])[]; selected: T; onSelect(id: NoInfer<T>): void; className?: string }) {
  return (
    <div role="tablist" aria-label={label} className={`flex gap-1 overflow-x-auto border-b border-slate-200 ${className}`}>
      {tabs.map(([id, text]) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={selected === id}
          onClick={() => onSelect(id)}
          className={`-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-semibold ${selected === id ? 'border-emerald-600 text-emerald-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

export const inputClass = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-emerald-500';
export const labelClass = 'block text-sm font-medium text-slate-700';

export function EmptyState({ title, text, icon }: { title: string; text?: string; icon?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {icon && <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">{icon}</div>}
      <p className="font-semibold text-slate-800">{title}</p>
      {text && <p className="mt-1 text-sm text-slate-500">{text}</p>}
    </div>
  );
}

export function ErrorBox({ message, onRetry }: { message: string; onRetry?(): void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-700">
      {message}
      {onRetry && (
        <button type="button" onClick={onRetry} className="ml-3 font-semibold underline">
          Try again
        </button>
      )}
    </div>
  );
}

export const money = (n: number) => `$${n.toFixed(2)}`;
// Long English (Singapore) dates everywhere, as the specification asks, in Singapore time (shared/domain/shop-time.ts).
export const longDate = (iso: string) => formatShopDate(iso);
/** "21 Nov 2026, 3:04 pm SGT" for events where the time matters (ledger, messages, order history). */
export const longDateTime = (iso: string) => formatShopDateTime(iso);

/** One toast per failure of a query (the spec's "Failed to load ..." messages). */
export function useErrorToast(error: unknown, message: string) {
  useEffect(() => {
    if (error) toast.error(message, { id: message });
  }, [error, message]);
}

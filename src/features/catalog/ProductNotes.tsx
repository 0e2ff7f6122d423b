import type { ReactNode } from 'react';

/** Lucide's truck and shield-check, drawn here: two icon modules less on this page's first load (its 100 KB budget). */
const NoteIcon = ({ children }: { children: ReactNode }) => (
  <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-emerald-600" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    {children}
  </svg>
);

/** Delivery and quality, the same on every product page. */
export function ProductNotes() {
  return (
    <div className="mt-6 grid gap-3 sm:grid-cols-2">
      <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-4">
        <NoteIcon>
          <path d="M14 18V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v11a1 1 0 0 0 1 1h2M15 18H9M19 18h2a1 1 0 0 0 1-1v-3.65a1 1 0 0 0-.22-.624l-3.48-4.35A1 1 0 0 0 17.52 8H14" />
          <circle cx="17" cy="18" r="2" />
          <circle cx="7" cy="18" r="2" />
        </NoteIcon>
        <div>
          <p className="text-sm font-semibold text-slate-900">Fast Delivery</p>
          <p className="text-xs text-slate-600">Processed in 1-2 working days, delivered in 2-5 across Singapore and Malaysia.</p>
        </div>
      </div>
      <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-4">
        <NoteIcon>
          <path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1zm-11 -1 2 2 4-4" />
        </NoteIcon>
        <div>
          <p className="text-sm font-semibold text-slate-900">Quality Guaranteed</p>
          <p className="text-xs text-slate-600">Tough, waterproof film. Faulty packs replaced free.</p>
        </div>
      </div>
    </div>
  );
}

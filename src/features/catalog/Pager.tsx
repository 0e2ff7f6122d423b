// Drawn inline, not lucide's components: the listing's first load is at its 100 KB budget (decision 0147).
const Chevron = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d={d} />
  </svg>
);
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { buttonClass } from '../../components/ui/Button';

/**
 * Previous / 'Page X of Y' / Next, only when there is more than one page. Links to the page's URL,
 * so that a shopper without JavaScript pages through the server-rendered listing too.
 */
export function Pager({ page, pages, hrefFor, onPage }: { page: number; pages: number; hrefFor(page: number): string; onPage(page: number): void }) {
  if (pages <= 1) return null;
  const step = (to: number, enabled: boolean, children: ReactNode) =>
    enabled ? (
      <Link
        to={hrefFor(to)}
        className={buttonClass('outline')}
        onClick={(e) => {
          e.preventDefault();
          onPage(to);
        }}
      >
        {children}
      </Link>
    ) : (
      <span aria-disabled="true" className={buttonClass('outline', 'md', 'cursor-not-allowed !text-slate-400')}>
        {children}
      </span>
    );
  return (
    <nav className="mt-10 flex items-center justify-center gap-4" aria-label="Pagination">
      {step(page - 1, page > 1, <><Chevron d="m15 18-6-6 6-6" /> Previous</>)}
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
      </span>
      {step(page + 1, page < pages, <>Next <Chevron d="m9 18 6-6-6-6" /></>)}
    </nav>
  );
}

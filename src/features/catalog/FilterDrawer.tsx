import { CloseIcon } from '../../components/ui/inline-icons';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';


interface Props {
  open: boolean;
  onClose(): void;
  /** The listing's total for the filters as they stand; undefined while it loads. */
  total: number | undefined;
  activeCount: number;
  onClear(): void;
  /** The element holding the filters' inputs (ProductsPage reads what was ticked before hydration). */
  panelRef: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * The filters: a sidebar on a laptop; on a phone or tablet a drawer over the results, opened by
 * 'Filters (count)', which applies each change at once and closes with "Show N results", Escape,
 * the close button or the backdrop (issue 38; Dawn's facet drawer). One element in both roles, so
 * the server-rendered page has the same inputs wherever it is read.
 */
export function FilterDrawer({ open, onClose, total, activeCount, onClear, panelRef, children }: Props) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const dialogRef = useRef<HTMLDivElement>(null);

  // The drawer's keyboard and scroll handling loads when it first opens (drawer-trap.ts): the
  // listing's first load is at its 100 KB budget (decision 0147), and a laptop never needs it.
  // Fetched once the page is up (after its first paint), so opening finds it loaded.
  useEffect(() => {
    void import('./drawer-trap');
  }, []);
  useEffect(() => {
    if (!open) return;
    const box = dialogRef.current;
    let release: (() => void) | undefined;
    let done = false;
    void import('./drawer-trap').then(({ trapDrawer }) => {
      if (!done && box) release = trapDrawer(box, () => closeRef.current());
    });
    return () => {
      done = true;
      release?.();
    };
  }, [open]);

  const show = total === undefined ? 'Show results' : `Show ${total} result${total === 1 ? '' : 's'}`;
  return (
    <div
      ref={dialogRef}
      role={open ? 'dialog' : undefined}
      aria-modal={open ? true : undefined}
      aria-labelledby={open ? 'filters-title' : undefined}
      className={open ? 'fixed inset-0 z-50 flex justify-end lg:static lg:z-auto lg:block lg:self-start' : 'hidden lg:block lg:self-start'}
      data-testid="filter-drawer"
      data-open={open || undefined}
    >
      {open && <div className="absolute inset-0 bg-slate-900/50 lg:hidden" onClick={onClose} aria-hidden />}
      <aside
        ref={panelRef}
        id="filters-panel"
        aria-label="Filters"
        className={`relative flex flex-col bg-white lg:rounded-xl lg:border lg:border-slate-200 ${open ? 'h-full w-[min(24rem,90vw)] shadow-xl lg:h-auto lg:w-auto lg:shadow-none' : ''}`}
      >
        {open && (
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3 lg:hidden">
            <h2 id="filters-title" className="text-lg font-semibold text-slate-900">
              Filters{activeCount > 0 ? ` (${activeCount})` : ''}
            </h2>
            <button type="button" onClick={onClose} aria-label="Close filters" className="rounded-lg p-2 text-slate-500 hover:bg-slate-100">
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>
        )}
        <div className={open ? 'flex-1 overflow-y-auto overscroll-contain p-5' : 'p-5'}>{children}</div>
        {open && (
          <div className="flex gap-3 border-t border-slate-200 bg-white px-5 py-3 lg:hidden">
            <button type="button" onClick={onClear} disabled={activeCount === 0} className="rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:text-slate-400">
              Clear all
            </button>
            <button type="button" onClick={onClose} className="flex-1 rounded-lg bg-emerald-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-700" data-testid="show-results">
              {show}
            </button>
          </div>
        )}
      </aside>
    </div>
  );
}

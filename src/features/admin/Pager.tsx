/**
 * Previous / Next for lists paged by the server, with "Rows 51–100 of 50,191" when the page size
 * is known. Hidden when there is nothing to page through.
 */
export function Pager({ page, pages, total, limit, onPage, label = 'rows' }: { page: number; pages: number; total: number; limit?: number; onPage(page: number): void; label?: string }) {
  if (total === 0 || (limit === undefined && pages <= 1)) return null;
  const n = (x: number) => x.toLocaleString('en-SG');
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
      {limit !== undefined ? (
        <span data-testid="pager-range">
          {label.charAt(0).toUpperCase() + label.slice(1)} {n((page - 1) * limit + 1)}–{n(Math.min(total, page * limit))} of {n(total)}
        </span>
      ) : (
        <span>
          {n(total)} {label}
        </span>
      )}
      <span className="flex items-center gap-2">
        <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className="rounded-lg px-3 py-1.5 font-medium ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-40">
          Previous
        </button>
        <span className="tabular-nums">
          Page {n(page)} of {n(pages)}
        </span>
        <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className="rounded-lg px-3 py-1.5 font-medium ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-40">
          Next
        </button>
      </span>
    </nav>
  );
}

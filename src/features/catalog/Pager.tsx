import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui/Button';

/** Previous / 'Page X of Y' / Next, only when there is more than one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  if (pages <= 1) return null;
  return (
    <nav className="mt-10 flex items-center justify-center gap-4" aria-label="Pagination">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
      </Button>
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
      </span>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next <ChevronRight className="h-4 w-4" aria-hidden />
      </Button>
    </nav>
  );
}

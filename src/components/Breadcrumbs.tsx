import { ChevronRightIcon } from './ui/inline-icons';
import { Link } from '../lib/router';
import type { Crumb } from '../../shared/seo/breadcrumbs';

/** The visible trail; the same crumbs go into the page's BreadcrumbList (shared/seo/breadcrumbs.ts). */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-500">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={c.path} className="flex min-w-0 items-center gap-1">
              {last ? (
                <span aria-current="page" className="truncate font-medium text-slate-700">
                  {c.name}
                </span>
              ) : (
                <>
                  <Link to={c.path} className="rounded hover:text-emerald-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500">
                    {c.name}
                  </Link>
                  <ChevronRightIcon className="h-3.5 w-3.5 flex-none text-slate-400" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

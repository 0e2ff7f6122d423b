import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Seo } from '../../components/Seo';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { Link } from '../../lib/router';
import { httpStatusOf } from '../../lib/trpc';

interface RecordQuery<T> {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * One of the company's records (an order, a quote) on its own page, for the company's admins
 * (decision 0195): back to the company, then the record. A record of another company, or none,
 * answers 400, 403 or 404: all read as not found, since which one it was is none of the reader's
 * business. Other failures can be retried.
 */
export function CompanyRecordPage<T>({ what, query, seo, width, children }: {
  /** "order" or "quote", as the words of the loading and failure states say it. */
  what: string;
  query: RecordQuery<T>;
  seo: { title: string; description: string; path: string };
  /** The page's width class: an order has the wider two-column details. */
  width: string;
  children: (record: T) => ReactNode;
}) {
  const record = query.data;
  return (
    <div className={`mx-auto ${width} px-4 py-8 sm:px-6 lg:px-8`}>
      <Seo {...seo} noindex />
      <Link to="/account?tab=company" className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:text-emerald-800 print:hidden">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the company
      </Link>
      {query.isLoading ? (
        <Spinner label={`Loading the ${what}...`} />
      ) : query.isError && ![400, 403, 404].includes(httpStatusOf(query.error) ?? 0) ? (
        <ErrorState className="mt-8" title={`We couldn't load this ${what}`} onRetry={() => query.refetch()} />
      ) : !record ? (
        <p className="mt-10 text-center text-lg font-semibold text-slate-900">{what[0].toUpperCase() + what.slice(1)} not found</p>
      ) : (
        children(record)
      )}
    </div>
  );
}

import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from '../../lib/router';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { httpStatusOf, trpc } from '../../lib/trpc';

// The quote once it has arrived is its own chunk (decision 0156): the page's first load is the shell.
const loadQuoteView = () => import('./QuoteView');
const QuoteView = lazy(loadQuoteView);

/** One of the buyer's quotes: lines, prices, the PDF, and accept (with the delivery address) or decline. */
export default function QuoteDetailPage() {
  const { id = '' } = useParams();
  const query = trpc.quotes.get.useQuery({ id }, { retry: (n, err) => httpStatusOf(err) !== 404 && n < 2 });
  const q = query.data;
  // Fetched beside the quote (on the page's first render, as the query starts), not after it.
  useEffect(() => {
    void loadQuoteView();
  }, []);

  if (query.isLoading) return <Spinner label="Loading the quote..." />;
  // Only when there is no quote to show: a background refetch that fails (after a declined or failed
  // accept invalidates it, say) keeps the quote on screen, and the accept form open with what was typed.
  if (!q) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        {httpStatusOf(query.error) === 404 ? (
          <div className="text-center">
            <h1 className="text-xl font-semibold text-slate-900">Quote not found</h1>
            <p className="mt-2 text-slate-600">It may belong to another account.</p>
            <Link to="/quotes" className="mt-4 inline-block underline">See your quotes</Link>
          </div>
        ) : (
          <ErrorState title="We couldn't load this quote" message="Please try again." onRetry={() => query.refetch()} />
        )}
      </div>
    );
  }

  return (
    <Suspense fallback={<Spinner label="Loading the quote..." />}>
      <QuoteView id={id} quote={q} />
    </Suspense>
  );
}

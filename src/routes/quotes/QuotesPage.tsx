import { Seo } from '../../components/Seo';
import { QuoteList } from '../../features/quotes/QuoteList';

/** The buyer's quotes, newest first. */
export default function QuotesPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Seo title="My quotes" description="Your requests for quote and the prices we sent." path="/quotes" noindex />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My quotes</h1>
      <p className="mt-1 text-sm text-slate-600">Ask for a price on your cart with &quot;Request a quote&quot;. We e-mail you when it is priced; accept it here before it expires to place the order at those prices.</p>
      <QuoteList />
    </div>
  );
}

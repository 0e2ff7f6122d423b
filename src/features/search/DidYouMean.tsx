import { Link } from '../../lib/router';

/**
 * "Did you mean bubble wrap?" under a listing that found nothing: a plain link (it works before the
 * page's JavaScript has run) to the same filters with the suggested search.
 */
export function DidYouMean({ term, href }: { term: string; href: string }) {
  return (
    <p className="mt-3 text-base text-slate-800" data-testid="did-you-mean">
      Did you mean{' '}
      <Link to={href} className="font-semibold text-emerald-700 underline decoration-emerald-300 underline-offset-4 hover:text-emerald-800 hover:decoration-emerald-600">
        {term}
      </Link>
      ?
    </p>
  );
}

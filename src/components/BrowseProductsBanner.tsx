import { ArrowRight } from 'lucide-react';
import { ButtonLink } from './ui/Button';

/** The 'Browse Products' call to action closing the homepage and the about page. */
export function BrowseProductsBanner() {
  return (
    <div className="flex flex-col items-center justify-between gap-6 rounded-2xl bg-slate-900 px-8 py-10 text-center text-white md:flex-row md:text-left">
      <div>
        <h2 className="text-2xl font-bold">Ready to restock your packing table?</h2>
        <p className="mt-2 text-slate-300">Mailers from 17x30 cm to 38x52 cm in five colours, packs of 25 to 1000.</p>
      </div>
      <ButtonLink to="/products" size="lg">
        Browse Products <ArrowRight className="h-4 w-4" aria-hidden />
      </ButtonLink>
    </div>
  );
}

import { ArrowRight, Ruler, SearchCheck } from 'lucide-react';
import { ProductImage } from '../../components/ProductImage';
import type { Suggestion } from './suggestions';

/** The square on the left of every row, so names, sizes and "did you mean" line up. */
function Thumb({ children, tone = 'bg-slate-100 text-slate-500' }: { children: React.ReactNode; tone?: string }) {
  return <span className={`flex h-10 w-10 flex-none items-center justify-center overflow-hidden rounded-md ${tone}`}>{children}</span>;
}

/** What one row of the suggestion list shows; the row itself (role="option") belongs to HeaderSearchCombobox. */
export function SuggestionOption({ s }: { s: Suggestion }) {
  switch (s.kind) {
    case 'product':
      return (
        <>
          <Thumb>
            {/* 40 px: the smallest stored copy, a few KB. No image: the grey square alone (ProductCard's
                "No image" icon here would split it into a chunk of its own on the listing's first load). */}
            {s.image && <ProductImage url={s.image} alt="" sizes="40px" className="h-full w-full object-cover" />}
          </Thumb>
          <span className="min-w-0 flex-1">
            <span className="line-clamp-2 font-medium leading-snug">{s.name}</span>
            {!s.inStock && <span className="block text-xs text-red-700">Out of stock</span>}
          </span>
          <span className="flex-none text-sm font-semibold text-slate-900">{s.price}</span>
        </>
      );
    case 'size':
      return (
        <>
          <Thumb>
            <Ruler className="h-4 w-4" aria-hidden />
          </Thumb>
          <span className="min-w-0 flex-1 truncate font-medium">{s.label}</span>
          <span className="flex-none text-xs text-slate-600">All products in this size</span>
        </>
      );
    case 'did-you-mean':
      return (
        <>
          <Thumb tone="bg-amber-50 text-amber-700">
            <SearchCheck className="h-4 w-4" aria-hidden />
          </Thumb>
          <span className="min-w-0 flex-1">
            Did you mean <b className="font-semibold">{s.term}</b>?
          </span>
        </>
      );
    case 'all':
      return (
        <>
          <span className="min-w-0 flex-1 truncate font-medium text-emerald-700">
            {`See all ${s.total} results for '${s.text}'`}
          </span>
          <ArrowRight className="h-4 w-4 flex-none text-emerald-700" aria-hidden />
        </>
      );
  }
}

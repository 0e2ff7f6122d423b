import { formatMoney } from '../../../shared/domain/money';
import { sizeLabel } from '../../../shared/domain/size-label';
import type { SuggestOutput } from '../../../shared/schemas/search.schema';
import { productLink } from '../../../shared/seo/slug';
import { searchPath } from './search-path';

/** One row of the header's suggestion list; `to` is where choosing it goes. */
export type Suggestion =
  | { kind: 'product'; key: string; to: string; name: string; image: string | null; price: string; inStock: boolean }
  | { kind: 'size'; key: string; to: string; label: string }
  | { kind: 'did-you-mean'; key: string; to: string; term: string }
  | { kind: 'all'; key: string; to: string; total: number; text: string };

/** "from $9.90" for a range, "$9.90" for one price: a row has room for one figure. */
const fromPrice = ({ min, max }: { min: number; max: number }) => (max - min >= 0.005 ? `from ${formatMoney(min)}` : formatMoney(min));

/**
 * The rows for what the server suggested for `text`: products (opening on the variant of a size the
 * text named), sizes, "Did you mean" when nothing was found, and a last row to the whole listing when
 * it holds more than the rows show.
 */
export function suggestionRows(text: string, data: SuggestOutput): Suggestion[] {
  const rows: Suggestion[] = data.products.map((p) => ({
    kind: 'product',
    key: `p-${p.id}`,
    to: productLink(p),
    name: p.name,
    image: p.image,
    price: fromPrice(p.price_range),
    inStock: p.in_stock,
  }));
  for (const s of data.sizes) rows.push({ kind: 'size', key: `s-${s}`, to: `/products?size=${encodeURIComponent(s)}`, label: sizeLabel(s) });
  if (data.total === 0 && data.did_you_mean) rows.push({ kind: 'did-you-mean', key: 'dym', to: searchPath(data.did_you_mean), term: data.did_you_mean });
  if (data.total > data.products.length) rows.push({ kind: 'all', key: 'all', to: searchPath(text), total: data.total, text });
  return rows;
}

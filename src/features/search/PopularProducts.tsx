import { ProductCard } from '../catalog/ProductCard';
import { trpc } from '../../lib/trpc';

// The listing's best sellers (its default order, no filters): what most buyers came for.
const POPULAR = { page: 1, limit: 4 } as const;
// Four columns beside the 16rem filter column from xl, two from sm, one on a phone.
const SIZES = '(min-width: 1280px) 214px, (min-width: 1024px) calc(50vw - 188px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)';

/** Under an empty listing, so a search that finds nothing is never a dead end (loaded lazily: default export). */
export default function PopularProducts() {
  const popular = trpc.catalog.filter.useQuery(POPULAR, { staleTime: 60_000 });
  const products = popular.data?.products ?? [];
  if (products.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="popular-heading" data-testid="popular-products">
      <h2 id="popular-heading" className="text-xl font-semibold text-slate-900">
        Popular products
      </h2>
      <div className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} sizes={SIZES} />
        ))}
      </div>
    </section>
  );
}

import { useEffect, useState } from 'react';
import type { ProductCard as Card, ProductDetail } from '../../../shared/schemas/catalog.schema';
import { relatedProductsInput } from '../../../shared/domain/related-products';
import { trpc } from '../../lib/trpc';
import { IMAGE_SIZES } from '../../../shared/domain/responsive-images';
import { ProductCard } from './ProductCard';

// "Related products" (same category and type: other sizes, colours, thicknesses) and "Recently
// viewed" (this browser's last few products, kept in localStorage; nothing is sent anywhere).
const RECENT_KEY = 'recently_viewed';
const RECENT_MAX = 8;
const SHOWN = 4;

function readRecent(): Card[] {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as Card[];
    return Array.isArray(list) ? list.filter((p) => p && typeof p.id === 'string' && typeof p.name === 'string') : [];
  } catch {
    return [];
  }
}

function remember(product: ProductDetail) {
  const card: Card = {
    id: product.id,
    name: product.name,
    description: product.description,
    images: product.images.slice(0, 1),
    featured: product.featured,
    price_range: product.price_range,
    in_stock: product.in_stock,
  };
  const next = [card, ...readRecent().filter((p) => p.id !== product.id)].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the list is a nicety
  }
}

function Row({ title, products, testId }: { title: string; products: Card[]; testId: string }) {
  if (products.length === 0) return null;
  return (
    <section className="mt-12" aria-label={title} data-testid={testId}>
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} sizes={IMAGE_SIZES.cardRow} />
        ))}
      </div>
    </section>
  );
}

export function MoreProducts({ product }: { product: ProductDetail }) {
  const related = trpc.catalog.filter.useQuery(relatedProductsInput(product, SHOWN), { staleTime: 60_000 });
  // This browser's own list: read after hydration (the server's HTML has none), and before
  // remembering this product, so the list shows where the shopper came from.
  const [recent, setRecent] = useState<Card[]>([]);
  useEffect(() => {
    setRecent(readRecent().filter((p) => p.id !== product.id).slice(0, SHOWN));
    remember(product);
  }, [product]);

  const others = (related.data?.products ?? []).filter((p) => p.id !== product.id).slice(0, SHOWN);
  return (
    <>
      <Row title="Related products" products={others} testId="related-products" />
      <Row title="Recently viewed" products={recent} testId="recently-viewed" />
    </>
  );
}

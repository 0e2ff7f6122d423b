import { ImageOffIcon } from '../../components/ui/inline-icons';
import { Link } from '../../lib/router';
import { IMAGE_SIZES } from '../../../shared/domain/responsive-images';
import { ProductImage } from '../../components/ProductImage';
import type { ProductCard as Product } from '../../../shared/schemas/catalog.schema';
import { formatPriceRange } from './price';
import { productLink } from '../../../shared/seo/slug';
import { StockBadge } from './StockBadge';

interface ProductCardProps {
  product: Product;
  /** The layout the card sits in (IMAGE_SIZES). */
  sizes?: string;
  /** Position in its list: the first card's image is the page's largest paint, the first row's load at once. */
  index?: number;
}

export function ProductCard({ product, sizes = IMAGE_SIZES.card, index = Number.POSITIVE_INFINITY }: ProductCardProps) {
  const image = product.images[0];
  return (
    <Link
      to={productLink(product)}
      className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
      data-testid="product-card"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        {image ? (
          <ProductImage url={image} alt={product.name} sizes={sizes} priority={index === 0} eager={index < 3} className="h-full w-full object-cover transition group-hover:scale-[1.02]" />
        ) : (
          <div className="flex h-full w-full flex-col items-center justify-center gap-2 text-sm text-slate-600">
            <ImageOffIcon className="h-8 w-8" />
            No image
          </div>
        )}
        {product.featured && (
          <span className="absolute left-3 top-3 rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-bold text-amber-950 shadow">Featured</span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="font-semibold text-slate-900 group-hover:text-emerald-700">{product.name}</h3>
        <div className="mt-1 flex-1">
          <p className="line-clamp-2 text-sm text-slate-600">{product.description}</p>
        </div>
        <div className="mt-4 flex items-center justify-between gap-2">
          <span className="text-lg font-bold text-slate-900">{formatPriceRange(product.price_range)}</span>
          <StockBadge inStock={product.in_stock} />
        </div>
      </div>
    </Link>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="animate-pulse overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="product-skeleton" aria-hidden>
      <div className="aspect-[4/3] bg-slate-200" />
      <div className="space-y-3 p-4">
        <div className="h-4 w-3/4 rounded bg-slate-200" />
        <div className="h-3 w-full rounded bg-slate-100" />
        <div className="h-3 w-5/6 rounded bg-slate-100" />
        <div className="flex justify-between pt-2">
          <div className="h-5 w-20 rounded bg-slate-200" />
          <div className="h-5 w-16 rounded-full bg-slate-100" />
        </div>
      </div>
    </div>
  );
}

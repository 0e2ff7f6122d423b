import { ArrowLeft, ShieldCheck, ShoppingCart, Truck } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from '../../lib/router';
import { formatMoney } from '../../../shared/domain/money';
import { unitPriceFor } from '../../../shared/domain/pricing';
import { clampQuantity, countOf, distinctSizes, packOptions, sizeLabel, unitNoun } from '../../../shared/domain/product-options';
import type { ProductDetail } from '../../../shared/schemas/catalog.schema';
import { productBreadcrumbs } from '../../../shared/seo/breadcrumbs';
import { productNotFoundMeta, productPageMeta } from '../../../shared/seo/product-meta';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Seo } from '../../components/Seo';
import { Button, ButtonLink } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { useAuth } from '../../features/auth/AuthProvider';
import { useCart } from '../../features/cart/CartProvider';
import { Gallery } from '../../features/catalog/Gallery';
import { MoreProducts } from '../../features/catalog/MoreProducts';
import { formatPriceRange } from '../../features/catalog/price';
import { QuantityStepper } from '../../features/catalog/QuantityStepper';
import { StockBadge } from '../../features/catalog/StockBadge';
import { siteOrigin } from '../../lib/site-origin';
import { httpStatusOf, trpc } from '../../lib/trpc';

// Only signed-in buyers keep lists: its code loads with the first signed-in product page, not with every one.
const SaveToList = lazy(() => import('../../features/lists/SaveToList'));

const selectClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-emerald-500';

export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const query = trpc.catalog.byId.useQuery({ id }, { enabled: id.length > 0, retry: false });

  // A screen tall, so the footer starts below the fold and the product arriving moves nothing in view.
  if (query.isLoading) return <Spinner label="Loading product..." className="min-h-screen" />;
  // A product that does not exist is "not found" (spec); a server or network failure is not.
  const status = httpStatusOf(query.error);
  if (query.isError && status !== 404 && status !== 400) {
    return (
      <div className="mx-auto max-w-lg px-4 py-20">
        <h1 className="sr-only">Product</h1>
        <ErrorState title="We couldn't load this product" onRetry={() => query.refetch()} />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
        <Seo {...productNotFoundMeta(id)} />
        <h1 className="text-2xl font-bold text-slate-900">Product not found</h1>
        <p className="mt-2 text-slate-600">It may have been removed or the link is incomplete.</p>
        <ButtonLink to="/products" className="mt-6">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Products
        </ButtonLink>
      </div>
    );
  }
  return <ProductView key={query.data.id} product={query.data} />;
}

function ProductView({ product }: { product: ProductDetail }) {
  const navigate = useNavigate();
  const { addItem } = useCart();
  const { isSignedIn } = useAuth();
  const [size, setSize] = useState('');
  const [variantId, setVariantId] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);

  const sizes = useMemo(() => distinctSizes(product.variants), [product.variants]);
  const packs = useMemo(() => (size ? packOptions(product.variants, size, product.type) : []), [product.variants, product.type, size]);
  const variant = product.variants.find((v) => v.variant_id === variantId);
  const max = variant?.available ?? 0;
  // Nothing left to sell (none on hand, or all of it allocated): no maximum and no total to show.
  const soldOut = variant ? variant.on_hand === 0 || variant.available <= 0 : false;
  const packSize = variant?.attributes.pack_size ?? 1;
  const unitPrice = variant ? unitPriceFor(variant.price_tiers, quantity) : 0;
  const specs = Object.entries(product.specifications);

  const chooseSize = (next: string) => {
    setSize(next);
    setVariantId('');
  };
  // A server-rendered page shows the size box before its JavaScript runs: a size chosen meanwhile is
  // in the element, not in the state, and is taken up once the page has hydrated.
  const sizeBox = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const chosen = sizeBox.current?.value;
    if (chosen) chooseSize(chosen);
  }, []);
  const choosePack = (nextId: string) => {
    setVariantId(nextId);
    const chosen = product.variants.find((v) => v.variant_id === nextId);
    if (chosen) setQuantity((q) => clampQuantity(q, chosen.available));
  };
  const add = async () => {
    if (!variant) return;
    setAdding(true);
    const ok = await addItem(variant.variant_id, quantity);
    setAdding(false);
    if (ok) navigate('/cart');
  };

  const outOfStock = soldOut;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      {/* Reached by /products/{id} or an old slug too: the canonical link names the slug URL. */}
      <Seo {...productPageMeta(product, siteOrigin())} />
      <Breadcrumbs crumbs={productBreadcrumbs(product)} />
      <div className="grid gap-10 lg:grid-cols-2">
        <Gallery images={product.images} name={product.name} />

        <div>
          <span className="inline-block rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-emerald-700">{product.category}</span>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900">{product.name}</h1>
          <div className="mt-3 flex items-center gap-3">
            <span className="text-xl font-semibold text-slate-900">{formatPriceRange(product.price_range)}</span>
            <StockBadge inStock={product.in_stock} />
          </div>
          <p className="mt-4 leading-7 text-slate-600">{product.description}</p>

          <div className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div>
              <label htmlFor="select-size" className="text-sm font-semibold text-slate-900">
                Step 1: Select Size
              </label>
              <select id="select-size" ref={sizeBox} className={selectClass} value={size} onChange={(e) => chooseSize(e.target.value)}>
                <option value="">Choose a size</option>
                {sizes.map((s) => (
                  <option key={s} value={s}>
                    {sizeLabel(s)}
                  </option>
                ))}
              </select>
            </div>

            {size && (
              <div>
                <label htmlFor="select-pack" className="text-sm font-semibold text-slate-900">
                  Step 2: Select Pack Size
                </label>
                <select id="select-pack" className={selectClass} value={variantId} onChange={(e) => choosePack(e.target.value)}>
                  <option value="">Choose a pack size</option>
                  {packs.map((p) => (
                    <option key={p.variantId} value={p.variantId}>
                      {p.label}
                    </option>
                  ))}
                </select>
              </div>
            )}

            <div>
              <span className="text-sm font-semibold text-slate-900">Quantity</span>
              <div className="mt-1 flex flex-wrap items-center gap-3">
                <QuantityStepper value={quantity} max={max} disabled={!variant || soldOut} onChange={setQuantity} />
                {variant && !soldOut && (
                  <span className="text-sm text-slate-600" data-testid="max-available">
                    Maximum available: {countOf(max, packSize)}
                  </span>
                )}
                {soldOut && <span className="text-sm font-medium text-red-700">This pack size is out of stock</span>}
              </div>
            </div>

            <div className="flex items-end justify-between border-t border-slate-200 pt-4">
              <div>
                <p className="text-sm text-slate-600">Total Price</p>
                <p className="text-2xl font-bold text-slate-900" data-testid="total-price">
                  {soldOut ? '—' : formatMoney(unitPrice * quantity)}
                </p>
                {variant && !soldOut && (
                  <p className="text-xs text-slate-500" data-testid="unit-price">
                    {formatMoney(unitPrice)} per {unitNoun(packSize)} x {countOf(quantity, packSize)}
                  </p>
                )}
              </div>
              {variant && variant.price_tiers.length > 1 && (
                <span className="rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">Bulk discounts available</span>
              )}
            </div>
            {variant && variant.price_tiers.length > 1 && (
              <ul className="grid grid-cols-2 gap-2 text-xs text-slate-600 sm:grid-cols-4" aria-label="Price tiers">
                {[...variant.price_tiers].reverse().map((t) => (
                  <li key={t.min_quantity} className="rounded-lg bg-slate-50 px-2 py-1.5 text-center">
                    {countOf(t.min_quantity, packSize)}+: <span className="font-semibold text-slate-800">{formatMoney(t.price)}</span>
                  </li>
                ))}
              </ul>
            )}

            <Button size="lg" className="w-full" disabled={!variant || outOfStock || adding} onClick={add}>
              <ShoppingCart className="h-5 w-5" aria-hidden />
              {adding ? 'Adding...' : outOfStock ? 'Out of Stock' : 'Add to Cart'}
            </Button>
            {!variant && <p className="text-center text-sm text-slate-500">Please select a variant</p>}
            {isSignedIn && variant && (
              <Suspense fallback={null}>
                <SaveToList variantId={variant.variant_id} quantity={quantity} label={`${product.name} ${variant.attributes.size_code} (${variant.attributes.pack_size} pcs)`} />
              </Suspense>
            )}
          </div>

          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-4">
              <Truck className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
              <div>
                <p className="text-sm font-semibold text-slate-900">Fast Delivery</p>
                <p className="text-xs text-slate-600">Processed in 1-2 working days, delivered in 2-5 across Singapore and Malaysia.</p>
              </div>
            </div>
            <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-4">
              <ShieldCheck className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
              <div>
                <p className="text-sm font-semibold text-slate-900">Quality Guaranteed</p>
                <p className="text-xs text-slate-600">Tough, waterproof film. Faulty packs replaced free.</p>
              </div>
            </div>
          </div>

          {specs.length > 0 && (
            <section className="mt-8">
              <h2 className="text-lg font-semibold text-slate-900">Specifications</h2>
              <dl className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {specs.map(([key, value]) => (
                  <div key={key} className="grid grid-cols-[7.5rem_1fr] gap-4 px-4 sm:grid-cols-[10rem_1fr] py-2.5 text-sm">
                    <dt className="capitalize text-slate-500">{key.replace(/_/g, ' ')}</dt>
                    <dd className="text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
      </div>
      <MoreProducts product={product} />
    </div>
  );
}

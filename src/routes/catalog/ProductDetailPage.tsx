import { ShoppingCartIcon } from '../../components/ui/inline-icons';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useNavigate, useParams, useSearchParams } from '../../lib/router';
import { countOf, distinctSizes, packOptions, sizeLabel } from '../../../shared/domain/product-options';
import { initialChoice, onlyPackOf } from '../../../shared/domain/variant-choice';
import type { ProductDetail } from '../../../shared/schemas/catalog.schema';
import { productBreadcrumbs } from '../../../shared/seo/breadcrumbs';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useAuth } from '../../features/auth/AuthProvider';
import { useCart } from '../../features/cart/CartProvider';
import { Gallery } from '../../features/catalog/Gallery';
import { MoreProducts } from '../../features/catalog/MoreProducts';
import { ProductNotes } from '../../features/catalog/ProductNotes';
import { ProductSpecifications } from '../../features/catalog/ProductSpecifications';
import { formatPriceRange } from '../../features/catalog/price';
import { QuantityStepper } from '../../features/catalog/QuantityStepper';
import { clampToRules, describeRules, rulesOfDto, smallestAllowed } from '../../../shared/domain/quantity-rules';
import { StockBadge } from '../../features/catalog/StockBadge';
import { VariantPricing } from '../../features/catalog/VariantPricing';
import { useHydrated } from '../../lib/ssr';
import { httpStatusOf, trpc } from '../../lib/trpc';

// Shown only when a product could not be loaded: its code comes then, not with every product page
// (the page's 100 KB first-load budget). A chunk that cannot arrive either is PageErrorBoundary's.
const ErrorState = lazy(() => import('../../components/ui/ErrorState').then((m) => ({ default: m.ErrorState })));
// Only signed-in buyers keep lists: its code loads with the first signed-in product page, not with every one.
const SaveToList = lazy(() => import('../../features/lists/SaveToList'));
// The quote form is fetched when asked for (first-load budget, decision 0147).
const ProductQuote = lazy(() => import('../../features/quotes/ProductQuote'));
// The head's tags become React's only once the page is live (Seo): their data is built by a chunk
// fetched then, not before the page hydrates (decision 0204). One that cannot arrive leaves the
// server's head in place.
const ProductHeadTags = lazy<ComponentType<{ id: string; product?: ProductDetail }>>(() => import('./ProductHead').catch(() => ({ default: () => null })));

function ProductHead(props: { id: string; product?: ProductDetail }) {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <ProductHeadTags {...props} />
    </Suspense>
  ) : null;
}

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
        <Suspense fallback={<Spinner label="Loading..." />}>
          <ErrorState title="We couldn't load this product" onRetry={() => query.refetch()} />
        </Suspense>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
        <ProductHead id={id} />
        <h1 className="text-2xl font-bold text-slate-900">Product not found</h1>
        <p className="mt-2 text-slate-600">It may have been removed or the link is incomplete.</p>
        <ButtonLink to="/products" className="mt-6">
          <span aria-hidden>←</span> Back to Products
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
  // A single size, and a size's single pack, are chosen for the shopper. From the product alone, so
  // the server's HTML and the first render in the browser agree; a link's ?variant= is taken up below.
  const [initial] = useState(() => initialChoice(product.variants));
  const [size, setSize] = useState(initial.size);
  const [variantId, setVariantId] = useState(initial.variantId);
  // A preselected variant with order quantity rules starts at its smallest order.
  const [quantity, setQuantity] = useState(() => smallestAllowed(rulesOfDto(product.variants.find((v) => v.variant_id === initial.variantId) ?? {})));
  const [params] = useSearchParams();
  const wanted = params.get('variant');
  const [adding, setAdding] = useState(false);
  const [quoting, setQuoting] = useState(false);

  const sizes = useMemo(() => distinctSizes(product.variants), [product.variants]);
  const packs = useMemo(() => (size ? packOptions(product.variants, size, product.type) : []), [product.variants, product.type, size]);
  const variant = product.variants.find((v) => v.variant_id === variantId);
  const max = variant?.available ?? 0;
  // Nothing left to sell (none on hand, or all of it allocated): no maximum and no total to show.
  const soldOut = variant ? variant.on_hand === 0 || variant.available <= 0 : false;
  const packSize = variant?.attributes.pack_size ?? 1;
  const rules = variant ? rulesOfDto(variant) : undefined;
  // Fewer in stock than the smallest order is refused by the server in its own words ("Only 6 left ...").
  const ruleText = rules && describeRules(rules);

  const choosePack = (nextId: string) => {
    setVariantId(nextId);
    const chosen = product.variants.find((v) => v.variant_id === nextId);
    if (chosen) setQuantity((q) => clampToRules(q, chosen.available, rulesOfDto(chosen)));
  };
  // A new size clears the pack (docs/spec/storefront.md section 4), then picks the size's only pack if it has one.
  const chooseSize = (next: string) => {
    setSize(next);
    choosePack(onlyPackOf(product.variants, next));
  };
  // A server-rendered page shows the size box before its JavaScript runs: a size chosen meanwhile is
  // in the element, not in the state, and is taken up once the page has hydrated.
  const sizeBox = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const chosen = sizeBox.current?.value;
    if (chosen && chosen !== initial.size) chooseSize(chosen);
    // Once, for what was chosen before hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A link naming a variant (?variant=<id>, e.g. from a search for a size) opens with it chosen.
  useEffect(() => {
    const named = wanted ? initialChoice(product.variants, wanted) : null;
    if (!named?.variantId) return;
    setSize(named.size);
    choosePack(named.variantId);
    // Only when the link changes: the shopper's own choices afterwards are theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
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
      <ProductHead id={product.id} product={product} />
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
                {variant && (
                  <p className="mt-1.5 break-all text-xs text-slate-500" data-testid="variant-sku">
                    SKU <span className="font-mono text-slate-700">{variant.sku}</span>
                  </p>
                )}
              </div>
            )}

            <div>
              <span className="text-sm font-semibold text-slate-900">Quantity</span>
              <div className="mt-1 flex flex-wrap items-center gap-3">
                <QuantityStepper value={quantity} max={max} disabled={!variant || outOfStock} rules={rules} onChange={setQuantity} />
                {variant && !soldOut && (
                  <span className="text-sm text-slate-600" data-testid="max-available">
                    Maximum available: {countOf(max, packSize)}
                  </span>
                )}
                {soldOut && <span className="text-sm font-medium text-red-700">This pack size is out of stock</span>}
              </div>
              {ruleText && (
                <p className="mt-1 text-sm font-medium text-emerald-800" data-testid="order-rules">
                  {ruleText}
                </p>
              )}
            </div>

            <VariantPricing variant={variant} quantity={quantity} soldOut={soldOut} />

            <Button size="lg" className="w-full" disabled={!variant || outOfStock || adding} onClick={add}>
              <ShoppingCartIcon className="h-5 w-5" />
              {adding ? 'Adding...' : outOfStock ? 'Out of Stock' : 'Add to Cart'}
            </Button>
            {/* A quote may ask for more than is in stock, so it stays open when the cart is not (decision 0180). */}
            <Button variant="outline" className="w-full" disabled={!variant} onClick={() => setQuoting(true)}>
              Request a quote
            </Button>
            {quoting && variant && (
              <Suspense fallback={null}>
                <ProductQuote key={variantId} name={product.name} variant={variant} quantity={quantity} onClose={() => setQuoting(false)} />
              </Suspense>
            )}
            {!variant && <p className="text-center text-sm text-slate-500">Please select a variant</p>}
            {isSignedIn && variant && (
              <Suspense fallback={null}>
                <SaveToList variantId={variant.variant_id} quantity={quantity} label={`${product.name} ${variant.attributes.size_code} (${variant.attributes.pack_size} pcs)`} />
              </Suspense>
            )}
          </div>

          <ProductNotes />

          <ProductSpecifications specifications={product.specifications} />
        </div>
      </div>
      <MoreProducts product={product} />
    </div>
  );
}

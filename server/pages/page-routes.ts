import { AppError } from '../../shared/errors';
import type { ProductDetail } from '../../shared/schemas/catalog.schema';
import { productNotFoundMeta, productPageMeta, STATIC_PAGE_META, UNLISTED_PAGE_META, type PageMeta } from '../../shared/seo/page-meta';

// Which head an SPA route gets on the server: the same builders the pages call in the browser.
// Public pages (and the cart, decision 0151) get their own meta; product pages load the product
// (404 when there is none); every other route (account, back office, unknown paths the SPA
// redirects) keeps the template's generic head plus noindex.

export type PageHead = { status: number; meta: PageMeta } | { status: number; meta: null };

// /products/{id}, /products/{id}/{slug} (any slug: a renamed product's old links keep working) and
// the old alias /product/{id}.
const PRODUCT_ROUTE = /^\/(?:products\/([^/]+)(?:\/[^/]+)?|product\/([^/]+))\/?$/;
// Product ids are cuids; anything else cannot be one, and never reaches the database.
const PRODUCT_ID = /^[A-Za-z0-9_-]{1,64}$/;

function productIdOf(path: string): string | null | undefined {
  const m = PRODUCT_ROUTE.exec(path);
  if (!m) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(m[1] ?? m[2]);
  } catch {
    return null;
  }
  return PRODUCT_ID.test(id) ? id : null;
}

export async function resolvePageHead(path: string, origin: string, loadProduct: (id: string) => Promise<ProductDetail>): Promise<PageHead> {
  const productId = productIdOf(path);
  if (productId === null) return { status: 404, meta: productNotFoundMeta(PRODUCT_ROUTE.exec(path)?.[1] ?? '') };
  if (productId !== undefined) {
    try {
      return { status: 200, meta: productPageMeta(await loadProduct(productId), origin) };
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return { status: 404, meta: productNotFoundMeta(productId) };
      throw err;
    }
  }
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const build = Object.hasOwn(STATIC_PAGE_META, normalised)
    ? STATIC_PAGE_META[normalised]
    : Object.hasOwn(UNLISTED_PAGE_META, normalised)
      ? UNLISTED_PAGE_META[normalised]
      : undefined;
  return build ? { status: 200, meta: build(origin) } : { status: 200, meta: null };
}

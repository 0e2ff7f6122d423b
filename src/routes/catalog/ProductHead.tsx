import { productNotFoundMeta, productPageMeta } from '../../../shared/seo/product-meta';
import type { ProductDetail } from '../../../shared/schemas/catalog.schema';
import { Seo } from '../../components/Seo';
import { siteOrigin } from '../../lib/site-origin';

/**
 * A product page's head tags, or the "not found" ones: loaded once the page is live (ProductDetailPage),
 * as the server wrote the head before and React takes it over only then (Seo), so the metadata's code
 * is not on the page's first load (issue 38 point 12, decision 0204).
 */
export default function ProductHead({ id, product }: { id: string; product?: ProductDetail }) {
  // Reached by /products/{id} or an old slug too: the canonical link names the slug URL.
  return <Seo {...(product ? productPageMeta(product, siteOrigin()) : productNotFoundMeta(id))} />;
}

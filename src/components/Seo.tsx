import { SHOP_NAME } from '../../shared/constants';

interface SeoProps {
  title: string;
  description: string;
  keywords?: string[];
  /** Path of the canonical URL, e.g. "/products/abc". */
  path: string;
  image?: string;
  type?: 'website' | 'product' | 'article';
  /** Structured data (schema.org) for this page. */
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  noindex?: boolean;
}

const DEFAULT_KEYWORDS = ['polymailer', 'poly mailer bags', 'bubble wrap', 'packaging supplies', 'Singapore', 'Malaysia', 'courier bags'];

/** Page metadata: React 19 hoists <title>, <meta> and <link> into the document head. */
export function Seo({ title, description, keywords = [], path, image = '/og-image.svg', type = 'website', jsonLd, noindex }: SeoProps) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const url = `${origin}${path}`;
  const fullTitle = title.includes(SHOP_NAME) ? title : `${title} | ${SHOP_NAME}`;
  const imageUrl = image.startsWith('http') ? image : `${origin}${image}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={[...keywords, ...DEFAULT_KEYWORDS].join(', ')} />
      <link rel="canonical" href={url} />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={SHOP_NAME} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:locale" content="en_SG" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {jsonLd && (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      )}
    </>
  );
}

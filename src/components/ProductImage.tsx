import { responsiveImage } from '../../shared/domain/responsive-images';

interface ProductImageProps {
  url: string;
  alt: string;
  /** The width the image takes in the layout, as `sizes` (IMAGE_SIZES, or a fixed "96px"). */
  sizes: string;
  className?: string;
  /** The page's largest paint: fetched first and never lazily. */
  priority?: boolean;
  /** Loaded at once without raising its priority (the rest of the first row). */
  eager?: boolean;
}

/**
 * A stored product image in AVIF or WebP at the width its place needs. width and height give the
 * box its proportions before the bytes arrive, so nothing moves when they do. Older stored paths
 * (no copies) are shown as they are.
 */
export function ProductImage({ url, alt, sizes, className, priority = false, eager = false }: ProductImageProps) {
  const loading = priority || eager ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  const image = responsiveImage(url);
  if (!image) return <img src={url} alt={alt} loading={loading} fetchPriority={fetchPriority} decoding="async" className={className} />;
  // display: contents keeps the <img> sized by its box as if <picture> were not there: an inline
  // <picture> in an aspect-ratio box lets the image's own proportions stretch the box.
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={image.srcSet.avif} sizes={sizes} />
      <img
        src={image.src}
        srcSet={image.srcSet.webp}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding={priority ? 'sync' : 'async'}
        className={className}
      />
    </picture>
  );
}

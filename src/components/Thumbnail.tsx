import type { ReactNode } from 'react';
import { ProductImage } from './ProductImage';

interface ThumbnailProps {
  url: string | null | undefined;
  alt?: string;
  sizes: string;
  eager?: boolean;
  /** Size and corners, the same for the image and for the box that stands in for it. */
  box: string;
  imageClass?: string;
  /** The box's background when there is no image. */
  placeholderClass: string;
  icon: ReactNode;
}

/**
 * A small picture of a product or a gift in a row: its image when it has one, else a tinted box of
 * the same size with an icon, so the rows line up either way.
 */
export function Thumbnail({ url, alt = '', sizes, eager, box, imageClass = 'object-cover', placeholderClass, icon }: ThumbnailProps) {
  if (url) return <ProductImage url={url} alt={alt} sizes={sizes} eager={eager} className={`${box} ${imageClass}`} />;
  return <span className={`flex items-center justify-center ${box} ${placeholderClass}`}>{icon}</span>;
}

import { ImageOffIcon } from '../../components/ui/inline-icons';
import { useState } from 'react';
import { IMAGE_SIZES } from '../../../shared/domain/responsive-images';
import { ProductImage } from '../../components/ProductImage';

/** Main image with thumbnails when there is more than one. */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        {current ? (
          <ProductImage url={current} alt={name} sizes={IMAGE_SIZES.gallery} priority={index === 0} eager className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-slate-400">
            <ImageOffIcon className="h-10 w-10" />
            No image
          </div>
        )}
      </div>
      {images.length > 1 && (
        // A real list of buttons: a button may not take the listitem role itself (axe's aria-allowed-role).
        <ul className="mt-3 flex gap-3 overflow-x-auto" aria-label="Product images">
          {images.map((src, i) => (
            <li key={src + i} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1}`}
                aria-current={i === index}
                className={`block h-20 w-20 overflow-hidden rounded-lg border-2 ${i === index ? 'border-emerald-600' : 'border-transparent opacity-75 hover:opacity-100'}`}
              >
                <ProductImage url={src} alt="" sizes="80px" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { AlertTriangle, ImagePlus, Link2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { MAX_IMAGE_BYTES } from '../../../../shared/constants';
import { imageValueForMessage, isOutsideImageAddress, isStoredImagePath } from '../../../../shared/domain/product-images';
import { ProductImage } from '../../../components/ProductImage';
import { getToken } from '../../../lib/session';
import { inputClass } from '../ui';

/**
 * A stored image as a thumbnail; an https address waiting to be fetched; anything else flagged, as
 * the shop shows only images it stores.
 */
function Tile({ url, index }: { url: string; index: number }) {
  if (isStoredImagePath(url)) return <ProductImage url={url} alt={`Product image ${index + 1}`} sizes="160px" className="h-full w-full object-cover" />;
  // Outside pictures are not shown here (the shop's pages load images from itself only): the server fetches them on save.
  if (isOutsideImageAddress(url)) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-1 p-2 text-center text-[11px] text-slate-600" title={url}>
        <Link2 className="h-5 w-5 text-emerald-700" aria-hidden />
        <span>Fetched and stored when you save</span>
        <span className="w-full truncate text-slate-400">{new URL(url).hostname}</span>
      </div>
    );
  }
  return (
    <div role="img" aria-label={`Image ${index + 1} is not an image of the shop`} className="flex h-full flex-col items-center justify-center gap-1 bg-red-50 p-2 text-center text-[11px] text-red-700" title={url}>
      <AlertTriangle className="h-5 w-5" aria-hidden />
      <span className="font-semibold">Not an image of the shop</span>
      <span className="w-full truncate">{imageValueForMessage(url)}</span>
    </div>
  );
}

/** Thumbnails with remove buttons, an upload that checks type and size before sending, and an https address field. */
export function ImagesSection({ images, onChange }: { images: string[]; onChange(images: string[]): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [address, setAddress] = useState('');
  const refused = images.filter((url) => !isStoredImagePath(url) && !isOutsideImageAddress(url)).length;

  function addAddress() {
    const value = address.trim();
    if (!isOutsideImageAddress(value)) return void toast.error('Please enter an https:// image address');
    onChange([...images, value]);
    setAddress('');
  }

  async function upload(list: FileList | null) {
    const files = [...(list ?? [])];
    if (!files.length) return;
    for (const f of files) {
      if (!f.type.startsWith('image/')) return void toast.error(`${f.name} is not a valid image file`);
      if (f.size > MAX_IMAGE_BYTES) return void toast.error(`${f.name} is too large. Maximum size is 10MB.`);
    }
    const form = new FormData();
    files.forEach((f) => form.append('files', f));
    setBusy(true);
    try {
      const token = getToken();
      const res = await fetch('/api/admin/upload/images', { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
      const body = (await res.json().catch(() => ({}))) as { urls?: string[]; detail?: string; message?: string };
      if (!res.ok || !body.urls) throw new Error(body.detail ?? body.message ?? `HTTP ${res.status}`);
      onChange([...images, ...body.urls]);
      toast.success(`${body.urls.length} image(s) uploaded successfully`);
    } catch (err) {
      toast.error(`Failed to upload images: ${(err as Error).message ?? String(err)}`);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5">
        {images.map((url, i) => (
          <li key={url + i} className="group relative aspect-square overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
            <Tile url={url} index={i} />
            {i === 0 && <span className="absolute bottom-1 left-1 rounded bg-emerald-600 px-1.5 text-[10px] font-semibold text-white">Main</span>}
            <button type="button" onClick={() => onChange(images.filter((_, j) => j !== i))} aria-label={`Remove image ${i + 1}`} className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-slate-700 shadow hover:bg-red-50 hover:text-red-600">
              <X className="h-3.5 w-3.5" />
            </button>
          </li>
        ))}
        <li>
          <button type="button" onClick={() => input.current?.click()} disabled={busy} className="flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 text-xs font-medium text-slate-500 hover:border-emerald-400 hover:text-emerald-700">
            <ImagePlus className="h-6 w-6" aria-hidden />
            {busy ? 'Uploading...' : 'Upload images'}
          </button>
        </li>
      </ul>
      <input ref={input} type="file" accept="image/*" multiple hidden data-testid="image-input" onChange={(e) => upload(e.target.files)} />
      <p className="mt-2 text-xs text-slate-500">JPEG, PNG or WebP, up to 10MB each. The first image is the main one.</p>
      {refused > 0 && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {refused} image(s) are not images the shop stores and cannot be saved: remove them, then upload the picture or give its https:// address.
        </p>
      )}
      <div className="mt-3 flex gap-2">
        <input
          type="url"
          aria-label="Image address"
          placeholder="https://example.com/photo.jpg"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addAddress();
            }
          }}
          className={inputClass}
        />
        <button type="button" onClick={addAddress} className="shrink-0 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:border-emerald-400 hover:text-emerald-700">
          Add address
        </button>
      </div>
      <p className="mt-1 text-xs text-slate-500">A picture on another site (https only) is fetched, checked and stored by the shop when you save.</p>
    </div>
  );
}

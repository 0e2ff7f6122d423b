import { ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { MAX_IMAGE_BYTES } from '../../../../shared/constants';
import { getToken } from '../../../lib/session';

/** Thumbnails with remove buttons, and an upload that checks type and size before sending. */
export function ImagesSection({ images, onChange }: { images: string[]; onChange(images: string[]): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

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
            <img src={url} alt={`Product image ${i + 1}`} className="h-full w-full object-cover" />
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
    </div>
  );
}

import { AlertTriangle, ArrowLeft, Plus, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { Link, useNavigate, useParams } from '../../lib/router';
import { BUBBLE_WRAP_COLOR, BUBBLE_WRAP_TYPE } from '../../../shared/constants';
import { imageValueProblem } from '../../../shared/domain/product-images';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings-defaults';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { ImagesSection } from '../../features/admin/product-form/ImagesSection';
import { SettingsField } from '../../features/admin/product-form/SettingsField';
import { emptyDraft, missingBasePrice, skuFor, tiersToSave, type ProductDraft } from '../../features/admin/product-form/types';
import { VariantsSection } from '../../features/admin/product-form/VariantsSection';
import { errorText, inputClass, labelClass } from '../../features/admin/ui';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type Loaded = RouterOutputs['admin']['products']['get'];

const fromProduct = (p: Loaded): ProductDraft => ({
  name: p.name,
  description: p.description,
  category: p.category,
  color: p.color,
  type: p.type,
  specifications: Object.entries(p.specifications),
  images: p.images,
  seo_title: p.seo_title ?? '',
  seo_description: p.seo_description ?? '',
  seo_keywords: p.seo_keywords.join(', '),
  featured: p.featured,
  variants: p.variants.map((v) => ({
    key: v.variant_id,
    variant_id: v.variant_id,
    width_cm: v.attributes.width_cm,
    height_cm: v.attributes.height_cm,
    pack_size: v.attributes.pack_size,
    price_tiers: v.price_tiers,
    on_hand: v.on_hand,
    safety_stock: v.safety_stock,
    allocated: v.allocated,
    order_minimum: v.order_minimum,
    order_multiple: v.order_multiple,
    order_maximum: v.order_maximum,
  })),
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="mb-4 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export default function ProductFormPage() {
  const { id } = useParams();
  const editing = Boolean(id);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const product = trpc.admin.products.get.useQuery({ id: id ?? '' }, { enabled: editing, staleTime: 0 });
  const settings = trpc.admin.settings.get.useQuery();
  const saveSettings = trpc.admin.settings.update.useMutation();
  const create = trpc.admin.products.create.useMutation();
  const update = trpc.admin.products.update.useMutation();
  const [draft, setDraft] = useState<ProductDraft>(emptyDraft);
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (product.data && loadedId !== product.data.id) {
      setDraft(fromProduct(product.data));
      setLoadedId(product.data.id);
    }
  }, [product.data, loadedId]);

  useEffect(() => {
    if (product.error) {
      toast.error('Failed to load product');
      navigate('/admin/products', { replace: true });
    }
  }, [product.error, navigate]);

  const lists = settings.data ?? DEFAULT_SETTINGS;
  const set = (patch: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function saveList(key: 'available_colors' | 'available_types' | 'available_categories', values: string[]) {
    try {
      const next = await saveSettings.mutateAsync({ [key]: values });
      utils.admin.settings.get.setData(undefined, next);
      return true;
    } catch (err) {
      toast.error(`Failed to save changes: ${errorText(err)}`);
      return false;
    }
  }

  function setType(type: string) {
    // Bubble wrap is only made in white (docs/spec/back-office.md section 4).
    set(type === BUBBLE_WRAP_TYPE ? { type, color: BUBBLE_WRAP_COLOR } : { type });
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (draft.variants.length === 0) return void toast.error('Please add at least one variant');
    if (draft.type === BUBBLE_WRAP_TYPE && draft.color !== BUBBLE_WRAP_COLOR) return void toast.error('Bubble wrap only available in white');
    // The server's own words (shared/domain/product-images.ts): a value saved before images had to
    // be stored by the shop is kept, so it must be fixed before the product saves again.
    const badImage = draft.images.findIndex((url) => imageValueProblem(url));
    if (badImage >= 0) return void toast.error(`Failed to save product: Image ${badImage + 1}: ${imageValueProblem(draft.images[badImage])}`);
    // Saving a product before its prices are known is allowed (it cannot be sold until then), but never by accident.
    if (unpriced.length > 0 && !window.confirm(`${unpricedText(unpriced.length).replace(/\.$/, ' (0 or empty).')} Shoppers cannot buy ${unpriced.length === 1 ? 'it' : 'them'} until ${unpriced.length === 1 ? 'it has' : 'they have'} a price. Save anyway?`)) return;
    const payload = {
      name: draft.name,
      description: draft.description,
      category: draft.category,
      color: draft.color,
      type: draft.type,
      specifications: Object.fromEntries(draft.specifications.filter(([k]) => k.trim()).map(([k, v]) => [k.trim(), v])),
      images: draft.images,
      seo_title: draft.seo_title || null,
      seo_description: draft.seo_description || null,
      seo_keywords: draft.seo_keywords,
      featured: draft.featured,
      variants: draft.variants.map((v) => ({
        variant_id: v.variant_id ?? null,
        width_cm: v.width_cm,
        height_cm: v.height_cm,
        pack_size: v.pack_size,
        price_tiers: tiersToSave(v.price_tiers),
        on_hand: v.on_hand,
        safety_stock: v.safety_stock,
        order_minimum: v.order_minimum,
        order_multiple: v.order_multiple,
        order_maximum: v.order_maximum,
      })),
    };
    try {
      if (editing && id) {
        const saved = await update.mutateAsync({ id, ...payload });
        setDraft(fromProduct(saved));
        toast.success('Product updated successfully. Price changes may take a moment to appear in the shop.');
      } else {
        await create.mutateAsync(payload);
        toast.success('Product created successfully');
      }
      await Promise.all([utils.admin.products.list.invalidate(), utils.admin.inventory.invalidate()]);
      navigate('/admin/products');
    } catch (err) {
      toast.error(`Failed to save product: ${errorText(err)}`);
    }
  }

  if (editing && (product.isLoading || !loadedId)) return <Spinner label="Loading product..." />;
  const unpriced = draft.variants.filter(missingBasePrice).map((v) => skuFor(draft, v));
  const bubble = draft.type === BUBBLE_WRAP_TYPE;

  return (
    <form onSubmit={submit} className="space-y-5">
      <div className="flex items-center gap-3">
        <Link to="/admin/products" aria-label="Back to products" className="rounded-lg p-1.5 text-slate-600 hover:bg-white">
          <ArrowLeft className="h-5 w-5" />
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{editing ? 'Edit Product' : 'New Product'}</h1>
      </div>

      <Section title="Basic details">
        <div className="grid gap-4 sm:grid-cols-2">
          <label className={`${labelClass} sm:col-span-2`}>
            Name
            <input required value={draft.name} onChange={(e) => set({ name: e.target.value })} className={inputClass} />
          </label>
          <label className={`${labelClass} sm:col-span-2`}>
            Description
            <textarea rows={4} value={draft.description} onChange={(e) => set({ description: e.target.value })} className={inputClass} />
          </label>
          <SettingsField label="category" title="Category" value={draft.category} options={lists.available_categories} onChange={(category) => set({ category })} onSaveList={(v) => saveList('available_categories', v)} />
          <SettingsField label="type" title="Type" value={draft.type} options={lists.available_types} onChange={setType} onSaveList={(v) => saveList('available_types', v)} />
          <div>
            <SettingsField label="color" title="Color" value={draft.color} options={lists.available_colors} disabled={bubble} onChange={(color) => set({ color })} onSaveList={(v) => saveList('available_colors', v)} />
            {bubble && <p className="mt-1 text-xs text-slate-500">Bubble wrap only available in white</p>}
          </div>
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
            <input type="checkbox" checked={draft.featured} onChange={(e) => set({ featured: e.target.checked })} className="h-4 w-4 accent-emerald-600" />
            Featured on the home page
          </label>
        </div>
        <div className="mt-5">
          <p className={labelClass}>Specifications</p>
          <ul className="mt-1 space-y-2">
            {draft.specifications.map(([k, v], i) => (
              <li key={i} className="flex gap-2">
                <input aria-label="Specification name" placeholder="e.g. Material" value={k} onChange={(e) => set({ specifications: draft.specifications.map((s, j) => (j === i ? [e.target.value, s[1]] : s)) })} className={`${inputClass} mt-0`} />
                <input aria-label="Specification value" placeholder="e.g. LDPE, 60 micron" value={v} onChange={(e) => set({ specifications: draft.specifications.map((s, j) => (j === i ? [s[0], e.target.value] : s)) })} className={`${inputClass} mt-0`} />
                <button type="button" aria-label="Remove specification" onClick={() => set({ specifications: draft.specifications.filter((_, j) => j !== i) })} className="rounded-lg px-2 text-slate-400 hover:bg-red-50 hover:text-red-600">
                  <X className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => set({ specifications: [...draft.specifications, ['', '']] })} className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-emerald-700 hover:underline">
            <Plus className="h-4 w-4" aria-hidden /> Add specification
          </button>
        </div>
      </Section>

      <Section title="Images">
        <ImagesSection images={draft.images} onChange={(images) => set({ images })} />
      </Section>

      <Section title="SEO">
        <div className="grid gap-4">
          <label className={labelClass}>
            SEO title
            <input value={draft.seo_title} onChange={(e) => set({ seo_title: e.target.value })} maxLength={200} className={inputClass} />
          </label>
          <label className={labelClass}>
            SEO description
            <textarea rows={2} value={draft.seo_description} onChange={(e) => set({ seo_description: e.target.value })} maxLength={500} className={inputClass} />
          </label>
          <label className={labelClass}>
            SEO keywords
            <input value={draft.seo_keywords} onChange={(e) => set({ seo_keywords: e.target.value })} placeholder="polymailer, courier bag, singapore" className={inputClass} />
            <span className="mt-1 block text-xs font-normal text-slate-500">Comma-separated</span>
          </label>
        </div>
      </Section>

      <Section title={`Variants (${draft.variants.length})`}>
        <VariantsSection draft={draft} productId={id ?? null} packSizes={lists.available_pack_sizes} pieceQuantities={lists.available_piece_quantities} onChange={(variants) => set({ variants })} />
      </Section>

      <div className="sticky bottom-0 z-10 -mx-3 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-slate-50/95 px-3 py-3 pr-20 backdrop-blur sm:mx-0 sm:justify-end sm:rounded-xl sm:border sm:pr-24">
        {unpriced.length > 0 && (
          <p role="status" data-testid="unpriced-warning" className="flex w-full items-start gap-2 pr-28 text-sm text-orange-700 sm:mr-auto sm:w-auto sm:flex-1 sm:pr-0">
            <AlertTriangle className="mt-0.5 h-4 w-4 flex-none" aria-hidden />
            {/* Short on a phone, where the chat button sits beside the bar; the orange cards say which. */}
            <span>
              {unpricedText(unpriced.length)}
              <span className="hidden sm:inline">
                {' '}
                {unpriced.length === 1 ? 'It' : 'They'} cannot be sold until priced: {unpriced.join(', ')}
              </span>
            </span>
          </p>
        )}
        <Button variant="outline" onClick={() => navigate('/admin/products')}>Cancel</Button>
        <Button type="submit" disabled={saving}>{saving ? 'Saving...' : editing ? 'Update Product' : 'Create Product'}</Button>
      </div>
    </form>
  );
}

const unpricedText = (n: number) => (n === 1 ? '1 variant has no base price.' : `${n} variants have no base price.`);

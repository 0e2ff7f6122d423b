import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { BUBBLE_WRAP_TYPE } from '../../../../shared/constants';
import { defaultTiers } from '../../../../shared/domain/default-tiers';
import { trpc } from '../../../lib/trpc';
import { inputClass, labelClass } from '../ui';
import { OrderRulesFields } from './OrderRulesFields';
import { missingBasePrice, newKey, sizeLabel, skuFor, type ProductDraft, type VariantDraft } from './types';

interface Props {
  draft: ProductDraft;
  packSizes: number[];
  pieceQuantities: number[];
  /** The product being edited (its own SKUs are not a clash); null when creating. */
  productId: string | null;
  onChange(variants: VariantDraft[]): void;
}

/**
 * SKUs already held by other products, asked as variants are added and whenever category, type or
 * colour change the generated SKUs, so a clash shows at once with the product that holds it
 * instead of failing only at Create.
 */
function useSkuOwners(skus: string[], productId: string | null) {
  const check = trpc.admin.products.skuOwners.useMutation();
  const [owners, setOwners] = useState<Record<string, string>>({});
  const key = skus.join('|');
  const { mutateAsync } = check;
  useEffect(() => {
    if (!key) return setOwners({});
    let stale = false;
    const timer = setTimeout(() => {
      mutateAsync({ skus: key.split('|'), exclude_product_id: productId })
        .then((rows) => !stale && setOwners(Object.fromEntries(rows.map((r) => [r.sku, r.product_name]))))
        .catch(() => undefined); // the server checks again at save
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [key, productId, mutateAsync]);
  const lookup = async (list: string[]) => Object.fromEntries((await mutateAsync({ skus: list, exclude_product_id: productId })).map((r) => [r.sku, r.product_name]));
  return { owners, lookup };
}

export function VariantsSection({ draft, packSizes, pieceQuantities, productId, onChange }: Props) {
  const bubble = draft.type === BUBBLE_WRAP_TYPE;
  const [width, setWidth] = useState('');
  const [height, setHeight] = useState('');
  const [packs, setPacks] = useState<number[]>([]);
  const [piece, setPiece] = useState<number | null>(null);
  const { owners, lookup } = useSkuOwners(draft.variants.map((v) => skuFor(draft, v)), productId);

  async function addVariants() {
    const w = Number(width);
    const h = Number(height);
    if (!width || !height || !(w > 0) || !(h > 0)) return void toast.error('Please fill width and height fields');
    const chosen = bubble ? (piece ? [piece] : []) : packs;
    if (!chosen.length) return void toast.error(bubble ? 'Please select a quantity option' : 'Please select at least one pack size');
    const existing = new Set(draft.variants.map((v) => skuFor(draft, v)));
    const added = chosen
      .map((pack_size) => ({ key: newKey(), width_cm: w, height_cm: h, pack_size, price_tiers: defaultTiers(draft.category, draft.type), on_hand: 0, safety_stock: 0, allocated: 0, order_minimum: null, order_multiple: null, order_maximum: null }))
      .filter((v) => !existing.has(skuFor(draft, v)));
    if (!added.length) return void toast.error('These variants are already in the list');
    let taken: Record<string, string> = {};
    try {
      taken = await lookup(added.map((v) => skuFor(draft, v)));
    } catch {
      // could not ask: the server refuses a clash at save anyway
    }
    const clashes = Object.entries(taken);
    if (clashes.length) toast.error(clashes.map(([sku, name]) => `SKU ${sku} is already used by ${name}`).join('\n'));
    const free = added.filter((v) => !taken[skuFor(draft, v)]);
    if (!free.length) return;
    onChange([...draft.variants, ...free]);
    toast.success(`Added ${free.length} variant(s). Set pricing and stock below.`);
    setPacks([]);
    setPiece(null);
  }

  function update(key: string, patch: Partial<VariantDraft>) {
    onChange(draft.variants.map((v) => (v.key === key ? { ...v, ...patch } : v)));
  }

  function remove(v: VariantDraft) {
    if (!window.confirm(`Delete variant ${skuFor(draft, v)}? This cannot be undone.`)) return;
    onChange(draft.variants.filter((x) => x.key !== v.key));
    toast.success('Variant removed successfully');
  }

  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
        <p className="mb-2 text-sm font-semibold text-slate-800">Add variants</p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <label className={labelClass}>
            Width (cm)
            <input type="number" min={0} step="0.1" value={width} onChange={(e) => setWidth(e.target.value)} className={inputClass} />
          </label>
          <label className={labelClass}>
            Height (cm)
            <input type="number" min={0} step="0.1" value={height} onChange={(e) => setHeight(e.target.value)} className={inputClass} />
          </label>
        </div>
        <fieldset className="mt-3">
          <legend className={labelClass}>{bubble ? 'Quantity (pieces)' : 'Pack sizes'}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {(bubble ? pieceQuantities : packSizes).map((n) => {
              const checked = bubble ? piece === n : packs.includes(n);
              return (
                <label key={n} className={`flex cursor-pointer items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm ${checked ? 'border-emerald-500 bg-emerald-50 text-emerald-800' : 'border-slate-300 bg-white'}`}>
                  <input
                    type={bubble ? 'radio' : 'checkbox'}
                    name="pack-size"
                    checked={checked}
                    onChange={() => (bubble ? setPiece(n) : setPacks((p) => (p.includes(n) ? p.filter((x) => x !== n) : [...p, n])))}
                    className="accent-emerald-600"
                  />
                  {n} pcs
                </label>
              );
            })}
          </div>
        </fieldset>
        <button type="button" onClick={() => void addVariants()} className="mt-3 inline-flex items-center gap-1 rounded-lg bg-slate-900 px-3 py-2 text-sm font-medium text-white hover:bg-slate-700">
          <Plus className="h-4 w-4" aria-hidden /> Add variants
        </button>
      </div>

      {draft.variants.length === 0 && <p className="text-sm text-slate-500">No variants yet. Add at least one size and pack size above.</p>}
      <ul className="space-y-3">
        {draft.variants.map((v) => {
          const orange = missingBasePrice(v);
          const heldBy = owners[skuFor(draft, v)];
          return (
            <li key={v.key} data-testid="variant-card" className={`rounded-lg border p-3 ${heldBy ? 'border-red-400 bg-red-50/40' : orange ? 'border-orange-400 bg-orange-50/40' : 'border-slate-200 bg-white'}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-mono text-xs font-semibold text-slate-800">{skuFor(draft, v)}</p>
                  <p className="text-sm text-slate-600">
                    {sizeLabel(v)} · {v.pack_size} pcs{v.variant_id ? '' : ' · new'}
                  </p>
                  {orange && <p className="text-xs font-semibold text-orange-600">Base price missing</p>}
                  {heldBy && (
                    <p className="text-xs font-semibold text-red-700" role="alert" data-testid="sku-clash">
                      SKU already used by {heldBy}: change the colour, type or size, or edit that product.
                    </p>
                  )}
                </div>
                <button type="button" onClick={() => remove(v)} aria-label={`Delete variant ${skuFor(draft, v)}`} className="rounded-lg p-1.5 text-red-600 hover:bg-red-50">
                  <Trash2 className="h-4 w-4" />
                </button>
              </div>
              <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto]">
                <div>
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Price tiers</p>
                  <ul className="mt-1 space-y-1.5">
                    {v.price_tiers.map((t, i) => (
                      <li key={i} className="flex items-center gap-2 text-sm">
                        <span className="text-slate-500">From</span>
                        <input type="number" min={1} aria-label="Minimum quantity" value={t.min_quantity} onChange={(e) => update(v.key, { price_tiers: v.price_tiers.map((x, j) => (j === i ? { ...x, min_quantity: Math.max(1, Math.floor(Number(e.target.value))) } : x)) })} className="w-20 rounded-md border border-slate-300 px-2 py-1" />
                        <span className="text-slate-500">$</span>
                        <input type="number" min={0} step="0.01" aria-label={i === 0 ? 'Base price' : 'Tier price'} value={t.price || ''} placeholder="0.00" onChange={(e) => update(v.key, { price_tiers: v.price_tiers.map((x, j) => (j === i ? { ...x, price: Number(e.target.value) } : x)) })} className={`w-24 rounded-md border px-2 py-1 ${i === 0 && orange ? 'border-orange-400' : 'border-slate-300'}`} />
                        {v.price_tiers.length > 1 && (
                          <button type="button" aria-label="Remove tier" onClick={() => update(v.key, { price_tiers: v.price_tiers.filter((_, j) => j !== i) })} className="text-slate-400 hover:text-red-600">×</button>
                        )}
                      </li>
                    ))}
                  </ul>
                  <button type="button" onClick={() => update(v.key, { price_tiers: [...v.price_tiers, { min_quantity: (v.price_tiers.at(-1)?.min_quantity ?? 0) * 2 || 1, price: 0 }] })} className="mt-1 text-xs font-semibold text-emerald-700 hover:underline">
                    + Add tier
                  </button>
                  {v.price_tiers.length > 1 && <p className="mt-0.5 text-xs text-slate-500">Tiers left empty are not saved.</p>}
                </div>
                <div className="grid grid-cols-2 gap-2 sm:w-64">
                  <label className="text-xs font-medium text-slate-600">
                    On hand
                    <input type="number" min={0} step={1} aria-label="On hand" value={v.on_hand} onChange={(e) => update(v.key, { on_hand: Math.max(0, Math.floor(Number(e.target.value))) })} className={inputClass} />
                  </label>
                  <label className="text-xs font-medium text-slate-600">
                    Safety stock
                    <input type="number" min={0} step={1} aria-label="Safety stock" value={v.safety_stock} onChange={(e) => update(v.key, { safety_stock: Math.max(0, Math.floor(Number(e.target.value))) })} className={inputClass} />
                  </label>
                  <OrderRulesFields v={v} update={(patch) => update(v.key, patch)} />
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

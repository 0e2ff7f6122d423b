import { basePriceOf } from '../../../../shared/domain/default-tiers';
import { buildSku, sizeCode } from '../../../../shared/domain/sku';

interface TierDraft {
  min_quantity: number;
  price: number;
}

export interface VariantDraft {
  /** Stable key for React; the server's id for saved variants. */
  key: string;
  /** Only variants loaded from the server carry one; new ones are created on save. */
  variant_id?: string;
  width_cm: number;
  height_cm: number;
  pack_size: number;
  price_tiers: TierDraft[];
  on_hand: number;
  safety_stock: number;
  allocated: number;
  /** Order quantity rules; null is no rule. */
  order_minimum: number | null;
  order_multiple: number | null;
  order_maximum: number | null;
}

export interface ProductDraft {
  name: string;
  description: string;
  category: string;
  color: string;
  type: string;
  specifications: Array<[string, string]>;
  images: string[];
  seo_title: string;
  seo_description: string;
  seo_keywords: string;
  featured: boolean;
  variants: VariantDraft[];
}

export const emptyDraft = (): ProductDraft => ({
  name: '',
  description: '',
  category: 'polymailers',
  color: 'white',
  type: 'normal',
  specifications: [],
  images: [],
  seo_title: '',
  seo_description: '',
  seo_keywords: '',
  featured: false,
  variants: [],
});

export const skuFor = (d: Pick<ProductDraft, 'category' | 'type' | 'color'>, v: Pick<VariantDraft, 'width_cm' | 'height_cm' | 'pack_size'>) =>
  buildSku({ category: d.category, type: d.type, color: d.color, widthCm: v.width_cm, heightCm: v.height_cm, packSize: v.pack_size });

export const sizeLabel = (v: Pick<VariantDraft, 'width_cm' | 'height_cm'>) => sizeCode(v.width_cm, v.height_cm).replace('x', ' × ') + ' cm';

/** A missing base price is marked in orange (docs/spec/back-office.md section 5); saving it asks for confirmation. */
export const missingBasePrice = (v: VariantDraft) => !(basePriceOf(v.price_tiers) > 0);

/**
 * The tiers saved for a variant: the base tier always, and each further tier only when it has a
 * price. A tier left empty means "no volume break here", never "free from this quantity".
 */
export function tiersToSave<T extends { min_quantity: number; price: number }>(tiers: readonly T[]): { min_quantity: number; price: number }[] {
  const baseMin = Math.min(...tiers.map((t) => t.min_quantity));
  return tiers.filter((t) => t.min_quantity === baseMin || t.price > 0).map((t) => ({ min_quantity: t.min_quantity, price: t.price || 0 }));
}

let counter = 0;
export const newKey = () => `new-${Date.now()}-${++counter}`;

import { z } from 'zod';
import { DEFAULT_PACK_SIZE } from '../constants';
import { imageValueProblem } from '../domain/product-images';
import { variantOutput } from './catalog.schema';
import { MAX_LINE_QUANTITY } from './cart.schema';
import { rulesProblem } from '../domain/quantity-rule-checks';

const text = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);

const priceTierInput = z.object({
  min_quantity: z.number().int('Minimum quantity must be a whole number').min(1, 'Minimum quantity must be at least 1').max(1_000_000),
  price: z.number().finite().min(0, 'Price cannot be negative').max(100_000, 'Price is too high'),
});

/** One order quantity rule: a whole number from 1 to the line limit, or null for no rule. */
const orderRule = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of at least 1, or empty for no rule` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(MAX_LINE_QUANTITY, `${label} cannot be more than ${MAX_LINE_QUANTITY}`)
    .nullable()
    .optional();

const stockFigure = (label: string) => z.number().int(`${label} must be a whole number`).min(0, `${label} cannot be negative`).max(10_000_000);

// Older variants keep width/height/pack size/price at top level, newer ones under attributes
// (docs/spec/back-office.md section 3); both are accepted and lifted to the top level here.
const liftAttributes = (raw: unknown) => {
  if (!raw || typeof raw !== 'object') return raw;
  const v = raw as Record<string, unknown>;
  const a = (v.attributes && typeof v.attributes === 'object' ? v.attributes : {}) as Record<string, unknown>;
  const tiers = v.price_tiers ?? (typeof v.price === 'number' ? [{ min_quantity: 1, price: v.price }] : undefined);
  return {
    ...v,
    width_cm: v.width_cm ?? a.width_cm,
    height_cm: v.height_cm ?? a.height_cm,
    pack_size: v.pack_size ?? a.pack_size ?? DEFAULT_PACK_SIZE,
    price_tiers: tiers,
  };
};

export const variantInput = z.preprocess(
  liftAttributes,
  z.object({
    /** An existing variant's id updates it; anything else (client-generated ids) creates a new one. */
    variant_id: z.string().max(100).optional().nullable(),
    width_cm: z.number({ error: 'Please fill width and height fields' }).positive('Width must be greater than 0').max(1000),
    height_cm: z.number({ error: 'Please fill width and height fields' }).positive('Height must be greater than 0').max(1000),
    pack_size: z.number().int('Pack size must be a whole number').min(1, 'Pack size must be at least 1').max(100_000),
    price_tiers: z.array(priceTierInput, { error: 'Price tiers are required' }).min(1, 'Each variant needs at least one price tier').max(20),
    on_hand: stockFigure('On hand').default(0),
    safety_stock: stockFigure('Safety stock').default(0),
    weight_grams: z.number().int().min(0).max(1_000_000).optional(),
    // Order quantity rules are one set (decision 0187): send any of them and the absent ones are no
    // rule; send none and an existing variant keeps its rules.
    order_minimum: orderRule('Order minimum'),
    order_multiple: orderRule('Order multiple'),
    order_maximum: orderRule('Order maximum'),
  }).superRefine((v, ctx) => {
    // A rule refused by its own field check is told once, there.
    const fieldOk = (n: number | null | undefined) => n == null || (Number.isSafeInteger(n) && n >= 1 && n <= MAX_LINE_QUANTITY);
    if (!hasRuleKeys(v) || ![v.order_minimum, v.order_multiple, v.order_maximum].every(fieldOk)) return;
    const problem = rulesProblem({ minimum: v.order_minimum ?? null, multiple: v.order_multiple ?? null, maximum: v.order_maximum ?? null });
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  }),
);

/** Whether a variant as sent carries its order quantity rules (any of the three keys). */
export const hasRuleKeys = (v: { order_minimum?: unknown; order_multiple?: unknown; order_maximum?: unknown }) =>
  v.order_minimum !== undefined || v.order_multiple !== undefined || v.order_maximum !== undefined;
export type VariantInput = z.infer<typeof variantInput>;

const keywords = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((k) =>
    (Array.isArray(k) ? k : (k ?? '').split(','))
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 30),
  );

/** Stored image paths, or https:// addresses the server fetches and stores (shared/domain/product-images.ts). */
export const productImagesInput = z
  .array(z.string().trim().min(1, 'An image address is empty').max(1000, 'An image address is too long'))
  .max(20, 'At most 20 images')
  .default([])
  .superRefine((images, ctx) =>
    images.forEach((value, i) => {
      const problem = imageValueProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', path: [i], message: `Image ${i + 1}: ${problem}` });
    }),
  )
  .describe('Stored paths as POST /admin/upload/images answers them (/uploads/products/<id>.webp), or https:// addresses the shop fetches, checks and stores (the answer shows the stored path)');

export const productInput = z.object({
  name: text('Product name', 200),
  description: z.string().trim().max(10_000, 'Description is too long').default(''),
  category: text('Category', 40).transform((s) => s.toLowerCase()),
  color: text('Color', 40).transform((s) => s.toLowerCase()),
  type: text('Type', 40).transform((s) => s.toLowerCase()),
  specifications: z.record(z.string().max(100), z.union([z.string().max(500), z.number(), z.boolean()]).transform(String)).default({}),
  seo_title: z.string().trim().max(200).optional().nullable(),
  seo_description: z.string().trim().max(500).optional().nullable(),
  seo_keywords: keywords,
  images: productImagesInput,
  featured: z.boolean().optional(),
  variants: z.array(variantInput, { error: 'Please add at least one variant' }).min(1, 'Please add at least one variant').max(200),
});
export type ProductInput = z.infer<typeof productInput>;

export const updateProductInput = productInput.extend({ id: z.string().trim().min(1).max(64) });

// The product form reads variants in the same shape as the storefront's detail (tiers lowest first here).
const adminVariant = variantOutput;

export const adminProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  color: z.string(),
  type: z.string(),
  specifications: z.record(z.string(), z.string()),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  seo_keywords: z.array(z.string()),
  images: z.array(z.string()),
  featured: z.boolean(),
  in_stock: z.boolean(),
  price_range: z.object({ min: z.number(), max: z.number() }),
  variants: z.array(adminVariant),
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const adminProductCard = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  type: z.string(),
  color: z.string(),
  image: z.string().nullable(),
  variant_count: z.number().int(),
  total_on_hand: z.number().int(),
  price_range: z.object({ min: z.number(), max: z.number() }),
});

export const productListInput = z.object({ search: z.string().trim().max(100).optional() }).optional();

/** Which products already hold these SKUs (checked as variants are added, before Create). */
export const skuOwnersInput = z.object({
  skus: z.array(z.string().trim().min(1).max(200)).max(500),
  exclude_product_id: z.string().trim().max(64).nullish(),
});
export const skuOwnersOutput = z.array(z.object({ sku: z.string(), product_id: z.string(), product_name: z.string() }));
export type SkuOwnersInput = z.infer<typeof skuOwnersInput>;

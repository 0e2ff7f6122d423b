// The demo catalogue a fresh shop starts with: pure data (no I/O), deterministic, so that every
// fresh install and every test sees the same products, prices and stock.
import { buildSku, sizeCode } from '../../shared/domain/sku';

/** Which drawing images.ts makes for a product or gift. */
export type ArtKind = 'mailer' | 'bubble-pouch' | 'bubble-sheet' | 'bubble-roll' | 'tape' | 'labels' | 'stickers';

interface SeedTier {
  minQuantity: number;
  priceCents: number;
}

interface SeedVariant {
  sku: string;
  widthCm: number;
  heightCm: number;
  sizeCode: string;
  packSize: number;
  weightGrams: number;
  /** Price of the lowest-minimum tier. */
  basePriceCents: number;
  tiers: SeedTier[];
  onHand: number;
  safetyStock: number;
}

export interface SeedProduct {
  slug: string;
  name: string;
  description: string;
  category: 'polymailers' | 'accessories';
  type: 'normal' | 'premium' | 'bubble wrap';
  color: string;
  specifications: Record<string, string>;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string[];
  featured: boolean;
  art: ArtKind;
  variants: SeedVariant[];
}

type Size = readonly [number, number];

// ---------- stock: a stable spread of healthy, low, out-of-stock and safety-stocked variants ----------

/** FNV-1a: a stable hash so stock levels never change between installs. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Typical shelf quantity (in packs) by pack size: big packs are bought and held in smaller numbers. */
function healthyStock(sku: string, packSize: number): number {
  const [min, max] = packSize >= 1000 ? [6, 30] : packSize >= 500 ? [10, 60] : packSize >= 100 ? [40, 180] : [60, 320];
  const spread = hash(`${sku}#qty`) % (max - min + 1);
  const qty = min + spread;
  return qty >= 50 ? Math.round(qty / 10) * 10 : qty;
}

function stockFor(sku: string, packSize: number): { onHand: number; safetyStock: number } {
  const bucket = hash(sku) % 100;
  if (bucket < 7) return { onHand: 0, safetyStock: 0 }; // sold out, awaiting the next container
  if (bucket < 13) return { onHand: 1 + (bucket % 5), safetyStock: 0 }; // nearly gone
  if (bucket < 16) return { onHand: 8, safetyStock: 5 }; // low once the safety buffer is held back
  if (bucket < 22) return { onHand: healthyStock(sku, packSize), safetyStock: packSize >= 500 ? 2 : 10 };
  return { onHand: healthyStock(sku, packSize), safetyStock: 0 };
}

// ---------- prices ----------

/** Shop-style price in cents: nearest 50 cents, less 10 (9.90, 17.90, 129.90). */
const charm = (dollars: number): number => Math.max(190, Math.round(dollars * 2) * 50 - 10);

/** Polymailer bulk tiers (docs/spec/back-office.md section 5): each higher minimum is cheaper per pack. */
const MAILER_TIER_DISCOUNTS: readonly (readonly [number, number])[] = [
  [1, 0],
  [25, 0.05],
  [50, 0.1],
  [100, 0.15],
];

function mailerTiers(baseCents: number): SeedTier[] {
  const tiers: SeedTier[] = [];
  for (const [minQuantity, discount] of MAILER_TIER_DISCOUNTS) {
    let priceCents = Math.floor((baseCents * (1 - discount)) / 10) * 10;
    const previous = tiers.at(-1);
    if (previous && priceCents >= previous.priceCents) priceCents = previous.priceCents - 10;
    tiers.push({ minQuantity, priceCents });
  }
  return tiers;
}

// ---------- polymailers ----------

/** Price per piece (SGD) of a standard 60-micron mailer in a pack of 50. */
const MAILER_PIECE_PRICE: Record<string, number> = {
  '17x30': 0.13,
  '20x30': 0.15,
  '25x35': 0.2,
  '28x42': 0.25,
  '32x43': 0.29,
  '38x52': 0.38,
};
/** Grams per standard mailer; premium film is a third thicker. */
const MAILER_PIECE_GRAMS: Record<string, number> = {
  '17x30': 6,
  '20x30': 7,
  '25x35': 9,
  '28x42': 11,
  '32x43': 12,
  '38x52': 15,
};
const PACK_FACTOR: Record<number, number> = { 25: 1.15, 50: 1, 100: 0.9, 500: 0.74, 1000: 0.64 };
const COLOR_FACTOR: Record<string, number> = { white: 1, black: 1, clear: 0.95, pink: 1.12, 'baby blue': 1.12 };

const ALL_SIZES: Size[] = [
  [17, 30],
  [20, 30],
  [25, 35],
  [28, 42],
  [32, 43],
  [38, 52],
];
const CORE_SIZES: Size[] = ALL_SIZES.slice(1, 5);
const COLOUR_SIZES: Size[] = ALL_SIZES.slice(0, 5);

function mailerVariants(type: 'normal' | 'premium', color: string, sizes: Size[], packs: number[]): SeedVariant[] {
  const premium = type === 'premium' ? 1.45 : 1;
  const grams = type === 'premium' ? 1.35 : 1;
  return sizes.flatMap(([w, h]) =>
    packs.map((packSize) => {
      const code = sizeCode(w, h);
      const sku = buildSku({ category: 'polymailers', type, color, widthCm: w, heightCm: h, packSize });
      const baseCents = charm(MAILER_PIECE_PRICE[code] * packSize * PACK_FACTOR[packSize] * COLOR_FACTOR[color] * premium);
      const tiers = mailerTiers(baseCents);
      return {
        sku,
        widthCm: w,
        heightCm: h,
        sizeCode: code,
        packSize,
        weightGrams: Math.round(MAILER_PIECE_GRAMS[code] * grams * packSize),
        basePriceCents: tiers[0].priceCents,
        tiers,
        ...stockFor(sku, packSize),
      };
    }),
  );
}

const sizeRange = (sizes: Size[]): string => `${sizeCode(...sizes[0])} to ${sizeCode(...sizes[sizes.length - 1])} cm`;

function normalMailer(color: string, label: string, sizes: Size[], packs: number[], featured: boolean, extra: string): SeedProduct {
  return {
    slug: `${color.replace(/ /g, '-')}-polymailers`,
    name: `${label} Polymailer Bags`,
    description:
      `${label} polymailers made from 60-micron co-extruded LDPE: light, tough and waterproof, so parcels arrive dry ` +
      `through Singapore's afternoon downpours. ${extra} A permanent self-seal adhesive strip closes the bag in one ` +
      `press and tears the film if anyone tries to reopen it, so tampering is obvious. Sizes ${sizeRange(sizes)}; ` +
      'bulk discounts from 25 packs.',
    category: 'polymailers',
    type: 'normal',
    color,
    specifications: {
      material: 'LDPE (low-density polyethylene), co-extruded',
      thickness: '60 microns',
      closure: 'Permanent self-seal adhesive strip',
      opacity: color === 'clear' ? 'Transparent' : 'Opaque (grey inner layer)',
      waterproof: 'Yes',
      tamper_evident: 'Yes, film tears on reopening',
      size_note: 'Width x height in cm, flap not included',
      recycling_code: 'LDPE 4',
    },
    seoTitle: `${label} Polymailer Bags Singapore | 60 Micron Self-Seal Mailers`,
    seoDescription:
      `Buy ${label.toLowerCase()} polymailer bags in Singapore: waterproof 60-micron LDPE, tamper-evident self-seal strip, ` +
      `sizes ${sizeRange(sizes)}, packs of ${packs.join(', ')}. Bulk discounts and fast delivery.`,
    seoKeywords: [`${color} polymailer`, `${color} mailer bags`, 'polymailer singapore', 'courier bags', 'self seal mailer'],
    featured,
    art: 'mailer',
    variants: mailerVariants('normal', color, sizes, packs),
  };
}

function premiumMailer(color: string, label: string, sizes: Size[], packs: number[], featured: boolean): SeedProduct {
  return {
    slug: `premium-${color.replace(/ /g, '-')}-polymailers`,
    name: `Premium ${label} Polymailers (Double Seal)`,
    description:
      `Our thickest ${label.toLowerCase()} mailers: 80-micron virgin LDPE with a glossy finish that looks good in an ` +
      'unboxing video and shrugs off sharp corners. Two adhesive strips mean your customer can send a return in the ' +
      'same bag. Fully opaque, waterproof and tamper-evident. Popular with fashion, beauty and gift shops.',
    category: 'polymailers',
    type: 'premium',
    color,
    specifications: {
      material: 'Virgin LDPE, three-layer co-extruded',
      thickness: '80 microns',
      closure: 'Double self-seal strip (second strip for returns)',
      finish: 'Glossy',
      opacity: 'Fully opaque',
      waterproof: 'Yes',
      tamper_evident: 'Yes, film tears on reopening',
      recycling_code: 'LDPE 4',
    },
    seoTitle: `Premium ${label} Polymailers | 80 Micron Double Seal | Singapore`,
    seoDescription:
      `Premium ${label.toLowerCase()} polymailers with a double self-seal strip for easy returns. 80-micron glossy LDPE, ` +
      `waterproof, opaque and tamper-evident. Sizes ${sizeRange(sizes)}.`,
    seoKeywords: [`premium ${color} polymailer`, 'double seal mailer', 'thick polymailer', 'returnable mailer bag', 'polymailer singapore'],
    featured,
    art: 'mailer',
    variants: mailerVariants('premium', color, sizes, packs),
  };
}

const POLYMAILERS: SeedProduct[] = [
  normalMailer('white', 'White', ALL_SIZES, [25, 50, 100, 500, 1000], true, 'Bright white outside, grey inside, so nothing shows through.'),
  normalMailer('black', 'Black', ALL_SIZES, [25, 50, 100, 500], false, 'Matte black that hides scuffs picked up in transit.'),
  normalMailer('clear', 'Clear', CORE_SIZES, [50, 100, 500], false, 'See-through, for garments already in printed packaging or for showing an invoice pocket.'),
  normalMailer('pink', 'Pink', COLOUR_SIZES, [25, 50, 100], true, 'A soft pastel pink for boutiques and gift shops.'),
  normalMailer('baby blue', 'Baby Blue', COLOUR_SIZES, [25, 50, 100], false, 'A calm baby blue that stands out on a doorstep.'),
  premiumMailer('white', 'White', ALL_SIZES.slice(1), [50, 100, 500], false),
  premiumMailer('black', 'Black', ALL_SIZES.slice(1), [50, 100, 500], true),
  premiumMailer('pink', 'Pink', CORE_SIZES, [50, 100, 500], false),
  premiumMailer('baby blue', 'Baby Blue', CORE_SIZES, [50, 100, 500], false),
  soldOut(premiumClearMailer()),
];

/** Every variant at 0: one product a fresh shop shows as Out of Stock (listing badge, detail button). */
function soldOut(product: SeedProduct): SeedProduct {
  return { ...product, variants: product.variants.map((v) => ({ ...v, onHand: 0, safetyStock: 0 })) };
}

function premiumClearMailer(): SeedProduct {
  const base = premiumMailer('clear', 'Clear', CORE_SIZES, [50, 100], false);
  return {
    ...base,
    description:
      'Crystal-clear 80-micron mailers with a double self-seal strip, for apparel already in printed packaging and ' +
      'for showing off a branded box. Waterproof and tamper-evident. Sold out: the next shipment is on its way.',
    specifications: { ...base.specifications, finish: 'High clarity', opacity: 'Transparent' },
    seoDescription:
      'Premium clear polymailers with a double self-seal strip: 80-micron high-clarity LDPE, waterproof and tamper-evident. ' +
      `Sizes ${sizeRange(CORE_SIZES)}.`,
  };
}

// ---------- accessories ----------

type AccessoryRow = readonly [width: number, height: number, packSize: number, priceDollars: number, grams: number];

function accessoryVariants(type: 'normal' | 'bubble wrap', color: string, rows: AccessoryRow[]): SeedVariant[] {
  return rows.map(([w, h, packSize, dollars, weightGrams]) => {
    const sku = buildSku({ category: 'accessories', type, color, widthCm: w, heightCm: h, packSize });
    const priceCents = Math.round(dollars * 100);
    return {
      sku,
      widthCm: w,
      heightCm: h,
      sizeCode: sizeCode(w, h),
      packSize,
      weightGrams,
      basePriceCents: priceCents,
      // Accessories have a single price (docs/spec/back-office.md section 5).
      tiers: [{ minQuantity: 1, priceCents }],
      ...stockFor(sku, packSize),
    };
  });
}

type AccessoryFields = Omit<SeedProduct, 'category' | 'variants'>;

function accessory(fields: AccessoryFields, rows: AccessoryRow[]): SeedProduct {
  return { ...fields, category: 'accessories', variants: accessoryVariants(fields.type === 'bubble wrap' ? 'bubble wrap' : 'normal', fields.color, rows) };
}

const BUBBLE_SPECS = { material: 'LDPE air-cushion film', bubble_diameter: '10 mm', colour: 'White / translucent', reusable: 'Yes' };

const ACCESSORIES: SeedProduct[] = [
  accessory(
    {
      slug: 'bubble-wrap-pouches',
      name: 'Bubble Wrap Pouches',
      description:
        'Ready-made bubble bags with a fold-over flap: drop in a phone case, skincare bottle or ceramic piece and it is ' +
        'cushioned on every side. Fits neatly inside our polymailers. Sold by the piece.',
      type: 'bubble wrap',
      color: 'white',
      specifications: { ...BUBBLE_SPECS, closure: 'Fold-over flap', construction: 'Heat-sealed sides' },
      seoTitle: 'Bubble Wrap Pouches Singapore | Bubble Bags for Fragile Items',
      seoDescription: 'Bubble wrap pouches with fold-over flap, 10x15 to 25x35 cm. Protect fragile items inside mailers. Fast Singapore delivery.',
      seoKeywords: ['bubble wrap pouch', 'bubble bag', 'bubble wrap singapore', 'fragile packaging'],
      featured: true,
      art: 'bubble-pouch',
    },
    [
      [10, 15, 10, 2.2, 30],
      [10, 15, 50, 9.9, 150],
      [10, 15, 100, 17.9, 300],
      [15, 20, 10, 2.9, 50],
      [15, 20, 50, 12.9, 250],
      [15, 20, 100, 23.9, 500],
      [20, 25, 10, 3.9, 70],
      [20, 25, 50, 16.9, 350],
      [20, 25, 100, 30.9, 700],
      [25, 35, 10, 5.5, 100],
      [25, 35, 50, 23.9, 500],
      [25, 35, 100, 43.9, 1000],
    ],
  ),
  accessory(
    {
      slug: 'bubble-wrap-sheets',
      name: 'Bubble Wrap Sheets',
      description:
        'Pre-cut bubble wrap sheets, no scissors needed. Wrap glassware, frames and electronics before boxing. ' +
        '10 mm bubbles give solid cushioning while keeping parcels light. Sold by the piece.',
      type: 'bubble wrap',
      color: 'white',
      specifications: { ...BUBBLE_SPECS, format: 'Flat pre-cut sheets' },
      seoTitle: 'Pre-Cut Bubble Wrap Sheets | 30x50 and 50x60 cm | Singapore',
      seoDescription: 'Pre-cut bubble wrap sheets for quick packing of fragile items. 30x50 and 50x60 cm, packs of 5 to 50.',
      seoKeywords: ['bubble wrap sheets', 'pre cut bubble wrap', 'bubble wrap singapore'],
      featured: false,
      art: 'bubble-sheet',
    },
    [
      [30, 50, 5, 2.5, 45],
      [30, 50, 10, 4.5, 90],
      [30, 50, 25, 9.9, 225],
      [30, 50, 50, 17.9, 450],
      [50, 60, 10, 7.9, 180],
      [50, 60, 25, 17.9, 450],
      [50, 60, 50, 32.9, 900],
    ],
  ),
  accessory(
    {
      slug: 'bubble-wrap-rolls',
      name: 'Bubble Wrap Rolls',
      description:
        'Continuous bubble wrap rolls, perforation-free so you cut exactly what you need. The 1 m x 50 m roll is the ' +
        'economical choice for online sellers packing every day.',
      type: 'bubble wrap',
      color: 'white',
      specifications: { ...BUBBLE_SPECS, format: 'Roll (width x length in cm)' },
      seoTitle: 'Bubble Wrap Rolls Singapore | 30 cm, 50 cm and 1 m Widths',
      seoDescription: 'Bubble wrap rolls in 30 cm x 10 m, 50 cm x 10 m and 1 m x 50 m. Cushion fragile parcels for less.',
      seoKeywords: ['bubble wrap roll', 'bubble wrap 1m x 50m', 'bubble wrap singapore', 'packing material'],
      featured: false,
      art: 'bubble-roll',
    },
    [
      [30, 1000, 1, 4.9, 150],
      [30, 1000, 5, 22.9, 750],
      [50, 1000, 1, 7.9, 250],
      [50, 1000, 5, 36.9, 1250],
      [100, 5000, 1, 29.9, 2500],
    ],
  ),
  accessory(
    {
      slug: 'fragile-stickers',
      name: 'Fragile Stickers (Handle With Care)',
      description:
        'Bright red FRAGILE / HANDLE WITH CARE stickers on a roll. Strong permanent adhesive that sticks to polymailers, ' +
        'cartons and bubble wrap, so couriers know to go gently.',
      type: 'normal',
      color: 'white',
      specifications: { material: 'Coated paper label', adhesive: 'Permanent acrylic', print: 'Red on white', format: 'Roll' },
      seoTitle: 'Fragile Stickers Roll | Handle With Care Labels Singapore',
      seoDescription: 'Red fragile handle-with-care stickers, 10x5 cm, rolls of 100, 500 and 1000. Strong adhesive for mailers and boxes.',
      seoKeywords: ['fragile stickers', 'handle with care label', 'shipping stickers singapore'],
      featured: false,
      art: 'stickers',
    },
    [
      [10, 5, 100, 4.9, 90],
      [10, 5, 500, 14.9, 420],
      [10, 5, 1000, 24.9, 820],
    ],
  ),
  accessory(
    {
      slug: 'thermal-shipping-labels',
      name: 'Thermal Shipping Labels 100x150',
      description:
        'Direct thermal 100 x 150 mm (4 x 6 in) labels for Ninja Van, J&T, SingPost and Shopee waybills. No ink or ' +
        'ribbon needed; works with most desktop thermal printers. Perforated fanfold stack.',
      type: 'normal',
      color: 'white',
      specifications: {
        label_size: '100 x 150 mm (4 x 6 in)',
        printing: 'Direct thermal, no ink',
        format: 'Perforated fanfold',
        adhesive: 'Permanent',
        compatible_with: 'Most 4-inch thermal label printers',
      },
      seoTitle: 'Thermal Shipping Labels 100x150 | 4x6 Waybill Stickers Singapore',
      seoDescription: 'Direct thermal 100x150 mm shipping labels for courier waybills. Fanfold packs of 100, 500 and 1000.',
      seoKeywords: ['thermal labels 100x150', '4x6 shipping labels', 'waybill sticker', 'thermal printer labels singapore'],
      featured: false,
      art: 'labels',
    },
    [
      [10, 15, 100, 4.9, 280],
      [10, 15, 500, 16.9, 1350],
      [10, 15, 1000, 29.9, 2700],
    ],
  ),
  accessory(
    {
      slug: 'clear-packing-tape',
      name: 'Clear Packing Tape 48mm x 100m',
      description:
        'Crystal-clear acrylic packing tape, 48 mm wide and 100 m long, for sealing cartons quietly and securely. ' +
        'Fits standard tape dispensers.',
      type: 'normal',
      color: 'clear',
      specifications: { width: '48 mm', length: '100 m', thickness: '45 microns', adhesive: 'Water-based acrylic', core: '76 mm (3 in)' },
      seoTitle: 'Clear Packing Tape 48mm x 100m | OPP Carton Tape Singapore',
      seoDescription: 'Clear OPP packing tape 48 mm x 100 m for sealing cartons. Single rolls and packs of 5 or 10.',
      seoKeywords: ['packing tape', 'clear tape 48mm', 'opp tape singapore', 'carton sealing tape'],
      featured: false,
      art: 'tape',
    },
    [
      [4.8, 10000, 1, 2.9, 280],
      [4.8, 10000, 5, 12.9, 1400],
      [4.8, 10000, 10, 23.9, 2800],
    ],
  ),
];

export const CATALOGUE: readonly SeedProduct[] = [...POLYMAILERS, ...ACCESSORIES];

/** Colours the catalogue uses beyond the default settings list. */
export const EXTRA_SEED_COLORS = ['pink', 'baby blue'] as const;

// ---------- promotions ----------

export interface SeedCoupon {
  code: string;
  type: 'percent' | 'fixed';
  /** percent: hundredths of a percent; fixed: cents. */
  value: number;
  minOrderCents: number;
  validForDays: number;
}

export const SEED_COUPONS: readonly SeedCoupon[] = [
  { code: 'WELCOME10', type: 'percent', value: 1000, minOrderCents: 3000, validForDays: 365 },
  { code: 'BULK15', type: 'fixed', value: 1500, minOrderCents: 15000, validForDays: 365 },
];

export interface SeedGiftItem {
  key: string;
  name: string;
  description: string;
  stockQuantity: number;
  art: ArtKind;
}

export const SEED_GIFT_ITEMS: readonly SeedGiftItem[] = [
  {
    key: 'fragile-stickers',
    name: 'Fragile Stickers (Roll of 50)',
    description: 'Red handle-with-care stickers for your fragile parcels.',
    stockQuantity: 200,
    art: 'stickers',
  },
  {
    key: 'thermal-labels',
    name: 'Thermal Labels 100x150 (Pack of 20)',
    description: 'Direct thermal waybill labels, enough for a busy weekend of orders.',
    stockQuantity: 150,
    art: 'labels',
  },
  {
    key: 'mini-bubble-roll',
    name: 'Mini Bubble Wrap Roll',
    description: 'A 30 cm x 3 m bubble wrap roll for cushioning small items.',
    stockQuantity: 80,
    art: 'bubble-roll',
  },
];

export interface SeedGiftTier {
  name: string;
  spendingThresholdCents: number;
  giftLimit: number;
  giftKeys: string[];
}

export const SEED_GIFT_TIERS: readonly SeedGiftTier[] = [
  { name: 'Spend $100', spendingThresholdCents: 10000, giftLimit: 1, giftKeys: ['fragile-stickers', 'thermal-labels'] },
  { name: 'Spend $250', spendingThresholdCents: 25000, giftLimit: 2, giftKeys: ['fragile-stickers', 'thermal-labels', 'mini-bubble-roll'] },
];

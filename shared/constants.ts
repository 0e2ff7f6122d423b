// Business constants from the specification (docs/spec/storefront.md section 9, docs/spec/back-office.md section 9).

export const CURRENCY = 'SGD';
export const LOCALE = 'en-SG';

export const GST_RATE_PERCENT = 9;
export const PRODUCTS_PER_PAGE = 20;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PACK_SIZE = 50;
export const BUBBLE_WRAP_TYPE = 'bubble wrap';
export const BUBBLE_WRAP_COLOR = 'white';
export const MAX_ADDRESSES = 5;
export const COUNTRIES = ['SG', 'MY'] as const;
export type Country = (typeof COUNTRIES)[number];
export const POSTAL_CODE_LENGTH: Record<Country, number> = { SG: 6, MY: 5 };

export const GIFT_PROGRESS_CAP_PERCENT = 95;
export const ORDER_LIST_PREVIEW_ITEMS = 3;
export const CHAT_HISTORY_DEFAULT_LIMIT = 50;
export const CHAT_STARTING_PRICE = 7.99;

export const PROCESSING_DAYS = { min: 1, max: 2 } as const;
export const DELIVERY_DAYS = { min: 2, max: 5 } as const;
export const CONTACT_REPLY_HOURS = 24;

export const PACKING_MAX_TILES = 36;
export const PACKING_LOW_STOCK = 5;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const STOCK_ADJUSTMENT_REASONS = [
  'manual_adjustment',
  'purchase_received',
  'customer_return',
  'damaged',
  'lost',
  'found',
  'recount',
] as const;

export const ORDER_STATUSES = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ROLES = ['customer', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const SHOP_EMAIL = 'hello@packshop.sg';
export const SHOP_NAME = 'PackShop';

/** Storage keys shared with the browser (docs/spec/storefront.md section 9). */
export const STORAGE_KEYS = { accessToken: 'access_token', user: 'user', sessionId: 'session_id' } as const;

/** Most calls the SPA batches into one /trpc request; the server refuses larger batches. */
export const TRPC_MAX_BATCH = 20;

/** The listing's sort orders (docs/spec/storefront.md section 3) and input limits. */
export const SORT_OPTIONS = ['best_sellers', 'price_low_high', 'price_high_low', 'newest'] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortBy = 'best_sellers';
export const MAX_SEARCH_LENGTH = 200;
/** Far beyond any real catalogue; keeps OFFSET arithmetic sane. */
export const MAX_PAGE = 100_000;

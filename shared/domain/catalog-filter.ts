// Listing filter state (docs/spec/storefront.md sections 2 and 4), kept pure so that the page, the URL and the
// tests agree: the URL is the source of truth and is parsed forgivingly (a bad value is dropped,
// never an error page); any filter change goes back to page 1; bubble wrap comes only in white.
import { BUBBLE_WRAP_COLOR, DEFAULT_SORT, MAX_SEARCH_LENGTH, PRODUCTS_PER_PAGE, SORT_OPTIONS, type SortBy } from '../constants';
import { isBubbleWrap } from './bubble-wrap';
import { sizeLabel } from './size-label';
import type { FilterProductsInput } from '../schemas/catalog.schema';

export interface FilterState {
  search: string;
  categories: string[];
  colors: string[];
  sizes: string[];
  type: string;
  price_min: number | null;
  price_max: number | null;
  in_stock_only: boolean;
  sort: SortBy;
  page: number;
}

export const EMPTY_FILTERS: FilterState = {
  search: '',
  categories: [],
  colors: [],
  sizes: [],
  type: '',
  price_min: null,
  price_max: null,
  in_stock_only: false,
  sort: DEFAULT_SORT,
  page: 1,
};

export const SORT_LABELS: Record<SortBy, string> = {
  best_sellers: 'Best Sellers',
  price_low_high: 'Price: Low to High',
  price_high_low: 'Price: High to Low',
  newest: 'Newest',
};

// Lives in bubble-wrap.ts so pages that only word packs do not pull in the filter state (and zod).
export { isBubbleWrap } from './bubble-wrap';

const list = (value: string | null): string[] =>
  value ? [...new Set(value.split(',').map((v) => v.trim()).filter(Boolean))].slice(0, 50) : [];

const price = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** Colours forced by the type: bubble wrap is white only. */
function withTypeRule(state: FilterState): FilterState {
  return isBubbleWrap(state.type) ? { ...state, colors: [BUBBLE_WRAP_COLOR] } : state;
}

export function parseFilterParams(params: URLSearchParams): FilterState {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  let price_min = price(params.get('price_min'));
  let price_max = price(params.get('price_max'));
  if (price_min !== null && price_max !== null && price_min > price_max) [price_min, price_max] = [price_max, price_min];
  return withTypeRule({
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    categories: list(params.get('category')),
    colors: list(params.get('color')),
    sizes: list(params.get('size')),
    type: (params.get('type') ?? '').trim(),
    price_min,
    price_max,
    in_stock_only: params.get('in_stock_only') === 'true',
    sort: (SORT_OPTIONS as readonly string[]).includes(sort ?? '') ? (sort as SortBy) : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 100_000) : 1,
  });
}

/** Query string in a fixed order; defaults are left out (sort best_sellers, page 1). */
export function toSearchParams(state: FilterState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.search.trim()) p.set('search', state.search.trim());
  if (state.categories.length) p.set('category', state.categories.join(','));
  if (state.colors.length) p.set('color', state.colors.join(','));
  if (state.sizes.length) p.set('size', state.sizes.join(','));
  if (state.type) p.set('type', state.type);
  if (state.price_min !== null) p.set('price_min', String(state.price_min));
  if (state.price_max !== null) p.set('price_max', String(state.price_max));
  if (state.in_stock_only) p.set('in_stock_only', 'true');
  if (state.sort !== DEFAULT_SORT) p.set('sort', state.sort);
  if (state.page > 1) p.set('page', String(state.page));
  return p;
}

/** Any change to the filters (not the page itself) starts again at page 1. */
export function updateFilters(state: FilterState, patch: Partial<Omit<FilterState, 'page'>>): FilterState {
  return withTypeRule({ ...state, ...patch, page: 1 });
}

export const toggleValue = (values: string[], value: string): string[] =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];

export function clearFilters(state: FilterState): FilterState {
  return { ...EMPTY_FILTERS, sort: state.sort };
}

type ChipKind = 'search' | 'category' | 'color' | 'size' | 'type' | 'price_min' | 'price_max' | 'in_stock_only';
export interface Chip {
  kind: ChipKind;
  value: string;
  label: string;
}

export function activeChips(state: FilterState): Chip[] {
  const chips: Chip[] = [];
  if (state.search) chips.push({ kind: 'search', value: state.search, label: `Search: ${state.search}` });
  for (const c of state.categories) chips.push({ kind: 'category', value: c, label: c });
  if (state.type) chips.push({ kind: 'type', value: state.type, label: `Type: ${state.type}` });
  // The forced white of bubble wrap is part of the type chip, not a filter of its own to remove.
  if (!isBubbleWrap(state.type)) for (const c of state.colors) chips.push({ kind: 'color', value: c, label: c });
  for (const s of state.sizes) chips.push({ kind: 'size', value: s, label: sizeLabel(s) });
  if (state.price_min !== null) chips.push({ kind: 'price_min', value: String(state.price_min), label: `From $${state.price_min}` });
  if (state.price_max !== null) chips.push({ kind: 'price_max', value: String(state.price_max), label: `Up to $${state.price_max}` });
  if (state.in_stock_only) chips.push({ kind: 'in_stock_only', value: 'true', label: 'In stock only' });
  return chips;
}

export function removeChip(state: FilterState, chip: Chip): FilterState {
  switch (chip.kind) {
    case 'search':
      return updateFilters(state, { search: '' });
    case 'category':
      return updateFilters(state, { categories: state.categories.filter((v) => v !== chip.value) });
    case 'color':
      return updateFilters(state, { colors: state.colors.filter((v) => v !== chip.value) });
    case 'size':
      return updateFilters(state, { sizes: state.sizes.filter((v) => v !== chip.value) });
    case 'type':
      // Leaving bubble wrap also lets go of the white it forced.
      return updateFilters(state, { type: '', colors: isBubbleWrap(state.type) ? [] : state.colors });
    case 'price_min':
      return updateFilters(state, { price_min: null });
    case 'price_max':
      return updateFilters(state, { price_max: null });
    case 'in_stock_only':
      return updateFilters(state, { in_stock_only: false });
  }
}

/** Number shown on the small-screen 'Filters (count)' button. */
export const activeFilterCount = (state: FilterState): number => activeChips(state).length;

/** The POST /products/filter body for this state. */
export function toFilterInput(state: FilterState): FilterProductsInput {
  return {
    filters: {
      search: state.search || undefined,
      categories: state.categories,
      colors: state.colors,
      sizes: state.sizes,
      type: state.type || undefined,
      price_min: state.price_min ?? undefined,
      price_max: state.price_max ?? undefined,
      in_stock_only: state.in_stock_only,
    },
    sort: { sort_by: state.sort },
    page: state.page,
    limit: PRODUCTS_PER_PAGE,
  };
}

export { relatedProductsInput } from './related-products';

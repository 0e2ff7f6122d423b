import { describe, expect, it } from 'vitest';
import {
  activeChips,
  activeFilterCount,
  clearFilters,
  EMPTY_FILTERS,
  parseFilterParams,
  removeChip,
  toFilterInput,
  toSearchParams,
  toggleValue,
  updateFilters,
} from './catalog-filter';

const parse = (qs: string) => parseFilterParams(new URLSearchParams(qs));

describe('listing filter state and the URL', () => {
  it('parses every parameter and writes the same URL back', () => {
    const qs = 'search=mailer&category=polymailers&color=pink%2Cbaby+blue&size=25x35%2C28x42&type=normal&price_min=5&price_max=30&in_stock_only=true&sort=newest&page=3';
    const state = parse(qs);
    expect(state).toEqual({
      search: 'mailer',
      categories: ['polymailers'],
      colors: ['pink', 'baby blue'],
      sizes: ['25x35', '28x42'],
      type: 'normal',
      price_min: 5,
      price_max: 30,
      in_stock_only: true,
      sort: 'newest',
      page: 3,
    });
    expect(toSearchParams(state).toString()).toBe(qs);
    expect(parse(toSearchParams(state).toString())).toEqual(state);
  });

  it('leaves out the defaults: best_sellers and page 1', () => {
    expect(toSearchParams(EMPTY_FILTERS).toString()).toBe('');
    expect(toSearchParams({ ...EMPTY_FILTERS, sort: 'best_sellers', page: 1, colors: ['white'] }).toString()).toBe('color=white');
  });

  it('drops bad values instead of failing', () => {
    expect(parse('sort=cheapest&page=0&price_min=-5&price_max=abc&in_stock_only=yes')).toEqual(EMPTY_FILTERS);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=-1').page).toBe(1);
    expect(parse('color=,,pink,,pink').colors).toEqual(['pink']);
    expect(parse(`search=${'x'.repeat(300)}`).search).toHaveLength(200);
  });

  it('swaps a price range given the wrong way round', () => {
    expect(parse('price_min=30&price_max=5')).toMatchObject({ price_min: 5, price_max: 30 });
  });

  it('any filter change goes back to page 1', () => {
    const onPage3 = { ...EMPTY_FILTERS, page: 3 };
    expect(updateFilters(onPage3, { colors: ['pink'] }).page).toBe(1);
    expect(updateFilters(onPage3, { sort: 'newest' }).page).toBe(1);
    expect(updateFilters(onPage3, { search: 'x' }).page).toBe(1);
  });

  it('bubble wrap forces the colour filter to white only', () => {
    const s = updateFilters({ ...EMPTY_FILTERS, colors: ['pink', 'black'] }, { type: 'bubble wrap' });
    expect(s.colors).toEqual(['white']);
    expect(updateFilters(s, { colors: ['pink'] }).colors).toEqual(['white']);
    expect(parse('type=Bubble+Wrap&color=pink').colors).toEqual(['white']);
    const typeChip = activeChips(s).find((c) => c.kind === 'type')!;
    expect(removeChip(s, typeChip)).toMatchObject({ type: '', colors: [] });
  });

  it('chips for each active filter, each removable; count matches', () => {
    const s = parse('search=tape&category=accessories&color=clear&size=4.8x10000&price_max=10&in_stock_only=true');
    const chips = activeChips(s);
    expect(chips.map((c) => c.label)).toEqual(['Search: tape', 'accessories', 'clear', '48 mm x 100 m', 'Up to $10', 'In stock only']);
    expect(activeFilterCount(s)).toBe(6);
    let state = s;
    for (const chip of chips) state = removeChip(state, chip);
    expect(state).toEqual(EMPTY_FILTERS);
  });

  it('clear all keeps the sort, toggles add and remove', () => {
    expect(clearFilters(parse('color=pink&sort=newest&page=2'))).toEqual({ ...EMPTY_FILTERS, sort: 'newest' });
    expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('builds the API body with limit 20', () => {
    expect(toFilterInput(parse('color=pink&page=2'))).toEqual({
      filters: { search: undefined, categories: [], colors: ['pink'], sizes: [], type: undefined, price_min: undefined, price_max: undefined, in_stock_only: false },
      sort: { sort_by: 'best_sellers' },
      page: 2,
      limit: 20,
    });
  });
});

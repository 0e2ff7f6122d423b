import { BUBBLE_WRAP_COLOR } from '../../../shared/constants';
import { isBubbleWrap, toggleValue, updateFilters, type FilterState } from '../../../shared/domain/catalog-filter';
import { sizeLabel } from '../../../shared/domain/size-label';
import type { FilterOptions } from '../../../shared/schemas/catalog.schema';

interface Props {
  state: FilterState;
  options: FilterOptions | undefined;
  onChange(next: FilterState): void;
}

const capitalise = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="border-b border-slate-200 pb-5 last:border-0">
      <legend className="mb-3 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

type ListKey = 'categories' | 'colors' | 'sizes';

interface CheckProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange(): void;
  /** The filter and value the box stands for, read back after hydration. */
  name?: ListKey | 'in_stock_only';
  value?: string;
}

function Check({ label, checked, disabled, onChange, name, value }: CheckProps) {
  return (
    <label className={`flex items-center gap-2.5 py-1 text-sm ${disabled ? 'cursor-not-allowed text-slate-400' : 'cursor-pointer text-slate-700'}`}>
      <input
        type="checkbox"
        name={name}
        value={value}
        className="h-4 w-4 rounded border-slate-300 accent-emerald-600"
        checked={checked}
        disabled={disabled}
        onChange={onChange}
      />
      {label}
    </label>
  );
}

/**
 * What the sidebar's elements show that its state does not: on a server-rendered listing, boxes
 * ticked and a type chosen before the JavaScript ran (ProductsPage takes them up once it has
 * hydrated). Null when they agree, as they always do after a client-side render.
 */
export function filtersShownIn(el: HTMLElement, state: FilterState): Partial<FilterState> | null {
  const next = { categories: state.categories, colors: state.colors, sizes: state.sizes, in_stock_only: state.in_stock_only, type: state.type };
  let changed = false;
  for (const input of el.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name]')) {
    const name = input.name as ListKey | 'in_stock_only';
    if (name === 'in_stock_only') {
      if (input.checked !== next.in_stock_only) [next.in_stock_only, changed] = [input.checked, true];
    } else if (input.checked !== next[name].includes(input.value)) {
      [next[name], changed] = [toggleValue(next[name], input.value), true];
    }
  }
  const type = el.querySelector<HTMLSelectElement>('#filter-type');
  // Only a type the list offers: while the options load, the box cannot show the state's.
  const shown = type?.querySelector(`option[value="${CSS.escape(state.type)}"]`);
  if (type && shown && type.value !== state.type) [next.type, changed] = [type.value, true];
  return changed ? next : null;
}

/** Category, Type, Colors, Dimensions and In stock only (docs/spec/storefront.md section 2). */
export function FilterSidebar({ state, options, onChange }: Props) {
  const set = (patch: Parameters<typeof updateFilters>[1]) => onChange(updateFilters(state, patch));
  const bubble = isBubbleWrap(state.type);

  return (
    <div className="space-y-5" data-testid="filter-sidebar">
      <Section title="Category">
        {(options?.categories ?? []).map((c) => (
          <Check key={c} name="categories" value={c} label={capitalise(c)} checked={state.categories.includes(c)} onChange={() => set({ categories: toggleValue(state.categories, c) })} />
        ))}
      </Section>

      <Section title="Type">
        <label className="sr-only" htmlFor="filter-type">
          Type
        </label>
        <select
          id="filter-type"
          value={state.type}
          onChange={(e) => set({ type: e.target.value, colors: isBubbleWrap(state.type) ? [] : state.colors })}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:outline-none focus:ring-2 focus:ring-emerald-500"
        >
          <option value="">All types</option>
          {(options?.types ?? []).map((t) => (
            <option key={t} value={t}>
              {capitalise(t)}
            </option>
          ))}
        </select>
      </Section>

      <Section title="Colors">
        {bubble && <p className="mb-2 text-xs text-slate-500">Bubble wrap comes in white only.</p>}
        {(options?.colors ?? []).map((c) => (
          <Check
            key={c}
            name="colors"
            value={c}
            label={capitalise(c)}
            checked={state.colors.includes(c)}
            disabled={bubble}
            onChange={() => set({ colors: toggleValue(state.colors, c) })}
          />
        ))}
        {bubble && !(options?.colors ?? []).includes(BUBBLE_WRAP_COLOR) && <Check label="White" checked disabled onChange={() => undefined} />}
      </Section>

      <Section title="Dimensions">
        <div className="max-h-52 overflow-y-auto pr-2" data-testid="size-list">
          {/* In size order already (the server sorts them with compareSizeCodes). */}
          {(options?.sizes ?? []).map((s) => (
            <Check key={s} name="sizes" value={s} label={sizeLabel(s)} checked={state.sizes.includes(s)} onChange={() => set({ sizes: toggleValue(state.sizes, s) })} />
          ))}
        </div>
      </Section>

      <Section title="Availability">
        <Check name="in_stock_only" label="In stock only" checked={state.in_stock_only} onChange={() => set({ in_stock_only: !state.in_stock_only })} />
      </Section>
    </div>
  );
}

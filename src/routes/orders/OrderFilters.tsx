import { CloseIcon } from '../../components/ui/inline-icons';
import { useEffect, useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/constants';
import { Field } from '../../components/ui/Field';
import { Button } from '../../components/ui/Button';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export interface OrderFilterValues {
  search: string;
  status: OrderStatus | '';
  from: string;
  to: string;
}

export const NO_FILTERS: OrderFilterValues = { search: '', status: '', from: '', to: '' };

export const hasFilters = (f: OrderFilterValues) => Boolean(f.search || f.status || f.from || f.to);

/** Why the range cannot be searched, said under the field it concerns. */
export const rangeError = (f: OrderFilterValues) => (f.from && f.to && f.from > f.to ? 'The first day must not be after the last day' : undefined);

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * My Orders' search: part of an order number (sent once typing pauses), a status and the days
 * placed (Singapore time). Every change starts the list again from the newest order.
 */
export function OrderFilters({ value, onChange }: { value: OrderFilterValues; onChange(next: OrderFilterValues): void }) {
  const [search, setSearch] = useState(value.search);
  const settled = useDebouncedValue(search, 350);
  useEffect(() => {
    if (settled.trim() !== value.search) onChange({ ...value, search: settled.trim() });
    // Only a settled search sends; the other fields send at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  const range = rangeError(value);
  return (
    <form role="search" aria-label="Find an order" className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-start" onSubmit={(e) => { e.preventDefault(); onChange({ ...value, search: search.trim() }); }}>
      <Field label="Order number" type="search" value={search} onChange={setSearch} placeholder="e.g. PS-20261121-4F7K2Q" maxLength={40} autoComplete="off" />
      <div>
        <label htmlFor="order-status-filter" className="block text-sm font-medium text-slate-700">Status</label>
        <select id="order-status-filter" value={value.status} onChange={(e) => onChange({ ...value, status: e.target.value as OrderStatus | '' })} className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-emerald-500">
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((s) => <option key={s} value={s}>{capital(s)}</option>)}
        </select>
      </div>
      <Field label="Placed from" type="date" value={value.from} max={value.to || undefined} onChange={(from) => onChange({ ...value, from })} error={range} />
      <Field label="Placed until" type="date" value={value.to} min={value.from || undefined} onChange={(to) => onChange({ ...value, to })} />
      {hasFilters(value) && (
        <Button variant="ghost" className="self-end lg:mb-0.5" onClick={() => { setSearch(''); onChange(NO_FILTERS); }}>
          <CloseIcon className="h-4 w-4" /> Clear filters
        </Button>
      )}
    </form>
  );
}

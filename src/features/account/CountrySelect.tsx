import { useId } from 'react';
import { COUNTRIES, type Country } from '../../../shared/constants';
import { COUNTRY_NAMES } from '../../../shared/domain/address';

/** A required, labelled choice of the two countries the shop serves. */
export function CountrySelect({ label, value, onChange }: { label: string; value: Country; onChange(country: Country): void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        <span className="text-red-600"> *</span>
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as Country)}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-emerald-500"
      >
        {COUNTRIES.map((c) => (
          <option key={c} value={c}>
            {COUNTRY_NAMES[c]}
          </option>
        ))}
      </select>
    </div>
  );
}

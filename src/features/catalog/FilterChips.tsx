import { CloseIcon } from '../../components/ui/inline-icons';
import { activeChips, clearFilters, removeChip, type FilterState } from '../../../shared/domain/catalog-filter';

export function FilterChips({ state, onChange }: { state: FilterState; onChange(next: FilterState): void }) {
  const chips = activeChips(state);
  if (!chips.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Active filters">
      {chips.map((chip) => (
        <button
          key={`${chip.kind}:${chip.value}`}
          type="button"
          onClick={() => onChange(removeChip(state, chip))}
          className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200 hover:bg-emerald-100"
          aria-label={`Remove filter ${chip.label}`}
          data-testid="filter-chip"
        >
          {chip.kind === 'color' || chip.kind === 'category' ? chip.label.replace(/\b\w/g, (c) => c.toUpperCase()) : chip.label}
          <CloseIcon className="h-3.5 w-3.5" />
        </button>
      ))}
      <button type="button" onClick={() => onChange(clearFilters(state))} className="text-sm font-medium text-slate-600 underline hover:text-slate-900">
        Clear all
      </button>
    </div>
  );
}

import { rulesProblem } from '../../../../shared/domain/quantity-rule-checks';
import { inputClass } from '../ui';
import type { VariantDraft } from './types';

type RuleKey = 'order_minimum' | 'order_multiple' | 'order_maximum';

const FIELDS: { key: RuleKey; label: string }[] = [
  { key: 'order_minimum', label: 'Min order' },
  { key: 'order_multiple', label: 'Carton of' },
  { key: 'order_maximum', label: 'Max order' },
];

/** An empty box is no rule; anything typed is kept as a whole number for the server to judge. */
const ruleValue = (text: string): number | null => (text.trim() === '' ? null : Math.floor(Number(text)));

/**
 * A variant's order quantity rules (decision 0187): empty boxes are no rule. A rule set the server
 * would refuse is said under the boxes with the server's own words, before saving.
 */
export function OrderRulesFields({ v, update }: { v: VariantDraft; update(patch: Partial<VariantDraft>): void }) {
  const problem = rulesProblem({ minimum: v.order_minimum, multiple: v.order_multiple, maximum: v.order_maximum });
  return (
    <div className="col-span-2">
      <div className="grid grid-cols-3 gap-2">
        {FIELDS.map((f) => (
          <label key={f.key} className="text-xs font-medium text-slate-600">
            {f.label}
            <input
              type="number"
              min={1}
              step={1}
              aria-label={f.label}
              placeholder="—"
              value={v[f.key] ?? ''}
              onChange={(e) => update({ [f.key]: ruleValue(e.target.value) })}
              className={`${inputClass} ${problem?.field === f.key ? 'border-red-400' : ''}`}
            />
          </label>
        ))}
      </div>
      {problem && (
        <p className="mt-1 text-xs font-semibold text-red-700" role="alert">
          {problem.message}
        </p>
      )}
    </div>
  );
}

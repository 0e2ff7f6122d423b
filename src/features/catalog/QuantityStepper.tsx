import { useEffect, useRef, useState } from 'react';
import { clampToRules, fitRoom, NO_RULES, smallestAllowed, stepOf, type QuantityRules } from '../../../shared/domain/quantity-rules';

/** How long typing must pause before a typed quantity counts (and, in the cart, is sent). */
const TYPING_PAUSE_MS = 600;

/** Lucide's minus and plus, drawn here: two icon modules less on the product page's first load. */
const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden>
    <path d={d} />
  </svg>
);

interface Props {
  value: number;
  max: number;
  disabled?: boolean;
  /** A change is on its way (the cart is saving it): the buttons wait, the box stays typeable. */
  pending?: boolean;
  /** The box's accessible name; several steppers on one page (the cart) each need their own. */
  label?: string;
  testId?: string;
  /** The variant's order quantity rules: the stepper starts at the smallest order and steps by the carton. */
  rules?: QuantityRules;
  onChange(q: number): void;
}

/**
 * Minus, number input, plus: whole numbers from 1 to max (docs/spec/storefront.md section 5). A number can be
 * typed: it counts once typing pauses, on Enter or when the box is left, checked by the same rule
 * as the buttons (clampToRules: whole cartons between the smallest order and the most available), so a buyer wanting 400 packs types 400 and one change is made.
 */
export function QuantityStepper({ value, max, disabled, pending, label = 'Quantity', testId, rules = NO_RULES, onChange }: Props) {
  const clamp = (raw: unknown) => clampToRules(raw, max, rules);
  const low = smallestAllowed(rules);
  const by = stepOf(rules);
  const top = Math.max(low, fitRoom(max, 0, rules));
  // What is being typed, until it counts; null shows the value.
  const [draft, setDraft] = useState<string | null>(null);
  // Said when a typed number was changed: lowered to what is available, or to whole cartons.
  const [lowered, setLowered] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (text: string) => {
    clearTimeout(timer.current);
    setDraft(null);
    // An emptied box means 1 (non-numeric input becomes 1), or the smallest order.
    const next = clamp(text === '' ? 1 : text);
    const typed = Number.parseInt(text, 10);
    // Above what is available, or (with order quantity rules) between whole cartons or below the smallest order.
    setLowered(typed > next ? `Lowered to ${next}${next === top ? ', the most available' : ''}` : typed < next && low > 1 ? `Raised to ${next}` : null);
    if (next !== value) onChange(next);
  };
  const step = (next: number) => {
    clearTimeout(timer.current);
    setDraft(null);
    setLowered(null);
    onChange(clamp(next));
  };

  // On a server-rendered page the box is there before its JavaScript runs: a number typed meanwhile
  // is in the element, not in the state, and is taken up once the page has hydrated.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = box.current?.value;
    if (typed && typed !== String(value)) onChange(clamp(typed));
    // Once, for what was typed before hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const btn = 'flex h-10 w-10 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent';
  const shown = draft ?? String(value);
  return (
    <span className="inline-flex flex-col">
      <span className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white">
        <button type="button" className={btn} aria-label="Decrease quantity" disabled={disabled || pending || value <= low} onClick={() => step(value - by)}>
          <Icon d="M5 12h14" />
        </button>
        <input
          ref={box}
          type="number"
          inputMode="numeric"
          min={low}
          max={top}
          step={by}
          value={shown}
          disabled={disabled}
          aria-label={label}
          data-testid={testId}
          onChange={(e) => {
            const text = e.target.value;
            setDraft(text);
            setLowered(null);
            clearTimeout(timer.current);
            // An empty box waits for the buyer to leave it: they are usually about to type.
            if (text !== '') timer.current = setTimeout(() => commit(text), TYPING_PAUSE_MS);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && draft !== null) {
              e.preventDefault();
              commit(draft);
            }
          }}
          onBlur={() => {
            if (draft !== null) commit(draft);
          }}
          className="h-10 w-16 border-x border-slate-300 text-center text-sm [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button type="button" className={btn} aria-label="Increase quantity" disabled={disabled || pending || value >= top} onClick={() => step(value + by)}>
          <Icon d="M5 12h14M12 5v14" />
        </button>
      </span>
      <span role="status" className="text-xs text-amber-700" data-testid={testId ? `${testId}-lowered` : undefined}>
        {lowered}
      </span>
    </span>
  );
}

import { Minus, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { clampQuantity } from '../../../shared/domain/product-options';

/** Minus, number input, plus: whole numbers from 1 to max (storefront.md section 5). */
export function QuantityStepper({ value, max, disabled, onChange }: { value: number; max: number; disabled?: boolean; onChange(q: number): void }) {
  // An emptied box may stay empty while typing; leaving it empty means 1.
  const [draft, setDraft] = useState<string | null>(null);
  // On a server-rendered page the box is there before its JavaScript runs: a number typed meanwhile
  // is in the element, not in the state, and is taken up once the page has hydrated.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = box.current?.value;
    if (typed && typed !== String(value)) onChange(clampQuantity(typed, max));
    // Once, for what was typed before hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const btn = 'flex h-10 w-10 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent';
  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white">
      <button type="button" className={btn} aria-label="Decrease quantity" disabled={disabled || value <= 1} onClick={() => onChange(clampQuantity(value - 1, max))}>
        <Minus className="h-4 w-4" aria-hidden />
      </button>
      <input
        ref={box}
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, max)}
        step={1}
        value={draft ?? value}
        disabled={disabled}
        aria-label="Quantity"
        onChange={(e) => {
          if (e.target.value === '') return setDraft('');
          setDraft(null);
          onChange(clampQuantity(e.target.value, max));
        }}
        onBlur={() => {
          if (draft !== null) onChange(1);
          setDraft(null);
        }}
        className="h-10 w-16 border-x border-slate-300 text-center text-sm [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button type="button" className={btn} aria-label="Increase quantity" disabled={disabled || value >= max} onClick={() => onChange(clampQuantity(value + 1, max))}>
        <Plus className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}

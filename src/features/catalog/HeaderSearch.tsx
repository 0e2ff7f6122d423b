import { useCallback, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { whenIdle } from '../../lib/when-idle';
import type { ComboboxProps } from './HeaderSearchCombobox';
import { SearchIcon } from '../../components/ui/inline-icons';

// The suggestions come after hydration (when the tab is idle, or on the box's first focus or input),
// not on every page's first load (issue 38 point 12, decision 0204): until then the box is the plain
// search form the server rendered.
let combobox: Promise<ComponentType<ComboboxProps>> | undefined;
const loadCombobox = () =>
  (combobox ??= import('./HeaderSearchCombobox').then(
    (m) => m.HeaderSearchCombobox,
    (error: unknown) => {
      combobox = undefined; // asked for again on the next focus: the box searches meanwhile
      throw error;
    },
  ));

/**
 * The header's search box on every page (the Products link is for staff only): Enter goes to
 * /products?search=..., and once its combobox has arrived (HeaderSearchCombobox) it suggests while
 * typing and goes there without a page load. The input is uncontrolled and never replaced, so what
 * is typed and the focus held before the combobox arrives (or before the page hydrates) stay there.
 */
export function HeaderSearch({ className = '' }: { className?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const live = useRef<HTMLParagraphElement>(null);
  const [Combobox, setCombobox] = useState<ComponentType<ComboboxProps>>();
  const attach = useCallback(() => void loadCombobox().then((c) => setCombobox(() => c), () => undefined), []);
  useEffect(() => whenIdle(attach, 3000), [attach]);

  return (
    // Until the combobox takes over its Enter, the form is a plain search of the listing (a page load
    // of /products?search=...), with JavaScript or without.
    <form role="search" action="/products" className={`relative ${className}`}>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        ref={input}
        type="search"
        name="search"
        role="combobox"
        aria-label="Search the shop"
        aria-autocomplete="list"
        // The combobox writes these two as its list opens and its rows are chosen.
        aria-expanded={false}
        aria-controls={`${id}-list`}
        maxLength={200}
        placeholder="Search mailers, sizes..."
        onFocus={attach}
        onInput={attach}
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm focus:outline-none focus:ring-2 focus:ring-emerald-500"
      />
      {Combobox && <Combobox id={id} input={input} live={live} />}
      {/* How many suggestions there are, heard by screen readers as the list changes (the combobox
          writes it; here from the first paint, so the region is known before it speaks). */}
      <p ref={live} aria-live="polite" aria-atomic="true" className="sr-only" />
    </form>
  );
}

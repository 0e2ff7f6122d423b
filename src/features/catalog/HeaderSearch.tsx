import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { preloadable } from '../../lib/preloadable';
import { useNavigate } from '../../lib/router';
import type { SuggestOutput } from '../../../shared/schemas/search.schema';
import { searchPath, suggestionRows, type Suggestion } from '../search/suggestions';
import { trpc } from '../../lib/trpc';
import { SearchIcon } from './inline-icons';

const DELAY_MS = 250;

// What a row shows (thumbnail, icons) is fetched when the box opens, not before every page hydrates
// (issue 38 point 12, decision 0204); the suggestions themselves wait for the server longer than that.
const SuggestionOption = preloadable<{ s: Suggestion }>(() => import('../search/SuggestionOption').then((m) => ({ default: m.SuggestionOption })));

/**
 * The header's search box on every page (the Products link is for staff only): Enter goes to
 * /products?search=...; while typing it suggests products (typos, local names, sizes and SKUs are
 * understood by search.suggest), sizes, "Did you mean" when nothing is found and a row to all the
 * results, operable with the arrow keys, Enter and Escape (an ARIA combobox; decision 0174).
 */
export function HeaderSearch({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A server-rendered page shows the box before its JavaScript runs: what was typed meanwhile is in
  // the element, not in the state, and is taken up once the page has hydrated, with its suggestions
  // if the shopper is still in the box (its focus event came before React listened).
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value;
    if (typed) setText(typed);
    if (typed && document.activeElement === input.current) setOpen(true);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // Rows are shown once their look has arrived (requested on the box's first opening): never empty rows.
  const [rowsReady, setRowsReady] = useState(false);
  useEffect(() => {
    if (open && !rowsReady) void SuggestionOption.preload().then(() => setRowsReady(true), () => undefined);
  }, [open, rowsReady]);

  const wanted = open && term.length >= 2;
  const suggest = trpc.search.suggest.useQuery({ q: term }, { enabled: wanted, staleTime: 60_000, placeholderData: (prev: SuggestOutput | undefined) => prev });
  // The rows stay those of the last answer while the next is on its way (no flicker as each letter
  // is typed), and keep the text they were found for ("See all 12 results for 'polym'").
  const [answer, setAnswer] = useState<{ term: string; data: SuggestOutput } | null>(null);
  if (term.length < 2 && answer) setAnswer(null);
  else if (suggest.data && !suggest.isPlaceholderData && (answer?.data !== suggest.data || answer.term !== term)) setAnswer({ term, data: suggest.data });

  const suggestions = useMemo<Suggestion[]>(() => (wanted && answer && rowsReady ? suggestionRows(answer.term, answer.data) : []), [wanted, answer, rowsReady]);

  // The active row stays in sight in a list taller than a phone's screen above its keyboard.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    setText('');
    navigate(to);
  };
  const submit = () => {
    // The element, not the state: an Enter right after hydration can come before the effect above
    // has taken up what was typed earlier, and would otherwise search for nothing.
    const q = (input.current?.value ?? text).trim();
    if (active >= 0 && suggestions[active]) return go(suggestions[active].to);
    go(q ? searchPath(q) : '/products');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, suggestions.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, -1));
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const listId = `${id}-list`;
  const expanded = open && suggestions.length > 0;
  return (
    <form
      role="search"
      // Without JavaScript (or before it has run) the box is a plain search of the listing.
      action="/products"
      className={`relative ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        ref={input}
        type="search"
        name="search"
        role="combobox"
        aria-label="Search the shop"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-${active}` : undefined}
        value={text}
        maxLength={200}
        placeholder="Search mailers, sizes..."
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKey}
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm focus:outline-none focus:ring-2 focus:ring-emerald-500"
      />
      {expanded && (
        // Wider than the box on a laptop (where the box is narrow) so names and prices fit; the
        // box's own width on a phone, where it spans the screen.
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-xl ring-1 ring-slate-900/5 lg:left-auto lg:w-[28rem]"
        >
          {suggestions.map((s, i) => (
            <li
              key={s.key}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                go(s.to);
              }}
              className={`flex cursor-pointer items-center gap-3 px-3 text-sm ${s.kind === 'all' ? 'mt-1 border-t border-slate-100 py-3' : 'py-2'} ${
                i === active ? 'bg-emerald-50 text-emerald-900' : 'text-slate-800 hover:bg-slate-50'
              }`}
            >
              <SuggestionOption s={s} />
            </li>
          ))}
        </ul>
      )}
      {/* Heard by screen readers as the list changes; the list itself is read through aria-activedescendant. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {expanded ? `${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'}` : ''}
      </p>
    </form>
  );
}

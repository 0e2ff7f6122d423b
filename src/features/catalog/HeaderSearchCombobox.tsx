import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { preloadable } from '../../lib/preloadable';
import { useNavigate } from '../../lib/router';
import type { SuggestOutput } from '../../../shared/schemas/search.schema';
import { searchPath } from '../search/search-path';
import { suggestionRows, type Suggestion } from '../search/suggestions';
import { trpc } from '../../lib/trpc';

const DELAY_MS = 250;

// What a row shows (thumbnail, icons) is fetched when the box opens, not with the combobox on every
// page (decision 0204); the suggestions themselves wait for the server longer than that.
const SuggestionOption = preloadable<{ s: Suggestion }>(() => import('../search/SuggestionOption').then((m) => ({ default: m.SuggestionOption })));

export interface ComboboxProps {
  /** The form's id prefix: the list is `${id}-list`, row i `${id}-i` (the box's aria-controls names the list). */
  id: string;
  /** The box, rendered by HeaderSearch in its form: it is never replaced, so text typed and focus held stay. */
  input: RefObject<HTMLInputElement | null>;
  /** The form's live region (empty, rendered by HeaderSearch): the number of suggestions is written there. */
  live: RefObject<HTMLParagraphElement | null>;
}

/**
 * The suggestions of the header's search box (decision 0174), attached to the box HeaderSearch
 * renders once it arrives after hydration (decision 0204): while typing it suggests products (typos,
 * local names, sizes and SKUs are understood by search.suggest), sizes, "Did you mean" when nothing
 * is found and a row to all the results, operable with the arrow keys, Enter and Escape (an ARIA
 * combobox). The box stays an uncontrolled input: its events and its form's submit are listened to
 * on the elements themselves, and its ARIA state is written on it.
 */
export function HeaderSearchCombobox({ id, input, live }: ComboboxProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // The box was there before this code: what was typed meanwhile is taken up, with its suggestions if
  // the shopper is still in the box (its focus event came before anyone listened).
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    if (box.value) setText(box.value);
    if (document.activeElement === box) setOpen(true);
    const onInput = () => {
      setText(box.value);
      setOpen(true);
      setActive(-1);
    };
    const onFocus = () => setOpen(true);
    const onBlur = () => setTimeout(() => setOpen(false), 150);
    box.addEventListener('input', onInput);
    box.addEventListener('focus', onFocus);
    box.addEventListener('blur', onBlur);
    return () => {
      box.removeEventListener('input', onInput);
      box.removeEventListener('focus', onFocus);
      box.removeEventListener('blur', onBlur);
    };
  }, [input]);

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
  const expanded = open && suggestions.length > 0;

  // The active row stays in sight in a list taller than a phone's screen above its keyboard.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  // The box's ARIA state and the live region's text, on the elements HeaderSearch rendered, in the
  // same commit as the list; the list itself is read through aria-activedescendant.
  useLayoutEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute('aria-expanded', String(expanded));
    if (expanded && active >= 0) box.setAttribute('aria-activedescendant', `${id}-${active}`);
    else box.removeAttribute('aria-activedescendant');
  }, [input, id, expanded, active]);
  const count = expanded ? suggestions.length : 0;
  useLayoutEffect(() => {
    if (live.current) live.current.textContent = count ? `${count} suggestion${count === 1 ? '' : 's'}` : '';
  }, [live, count]);

  const go = useCallback(
    (to: string) => {
      setOpen(false);
      setActive(-1);
      if (input.current) input.current.value = '';
      setText('');
      navigate(to);
    },
    [input, navigate],
  );

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const onKey = (e: KeyboardEvent) => {
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
    // Enter: the active row, else the listing searched for the box's text, without a page load.
    const onSubmit = (e: SubmitEvent) => {
      e.preventDefault();
      const q = box.value.trim();
      if (active >= 0 && suggestions[active]) return go(suggestions[active].to);
      go(q ? searchPath(q) : '/products');
    };
    box.addEventListener('keydown', onKey);
    box.form?.addEventListener('submit', onSubmit);
    return () => {
      box.removeEventListener('keydown', onKey);
      box.form?.removeEventListener('submit', onSubmit);
    };
  }, [input, go, suggestions, active]);

  // Wider than the box on a laptop (where the box is narrow) so names and prices fit; the box's own
  // width on a phone, where it spans the screen.
  return expanded ? (
    <ul
      id={`${id}-list`}
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
  ) : null;
}

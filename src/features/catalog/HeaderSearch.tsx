import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '../../lib/router';
import { sizeLabel } from '../../../shared/domain/product-options';
import { trpc } from '../../lib/trpc';

const DELAY_MS = 250;
const MAX_PRODUCTS = 5;
const MAX_SIZES = 4;

interface Suggestion {
  key: string;
  label: string;
  hint: string;
  to: string;
}

/**
 * The header's search box on every page (the Products link is for staff only): Enter goes to
 * /products?search=...; while typing it suggests products and sizes, operable with the arrow keys,
 * Enter and Escape (an ARIA combobox).
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

  const wanted = open && term.length >= 2;
  const products = trpc.catalog.filter.useQuery({ filters: { search: term }, page: 1, limit: MAX_PRODUCTS }, { enabled: wanted, staleTime: 60_000 });
  const options = trpc.catalog.filterOptions.useQuery(undefined, { enabled: wanted, staleTime: 60_000 });

  const suggestions = useMemo<Suggestion[]>(() => {
    if (!wanted) return [];
    const digits = term.replace(/\s+/g, '').toLowerCase();
    const sizes = /\d/.test(digits)
      ? (options.data?.sizes ?? []).filter((s) => s.toLowerCase().startsWith(digits) || sizeLabel(s).replace(/\s+/g, '').startsWith(digits)).slice(0, MAX_SIZES)
      : [];
    return [
      ...(products.data?.products ?? []).slice(0, MAX_PRODUCTS).map((p) => ({ key: `p-${p.id}`, label: p.name, hint: 'Product', to: `/products/${p.id}` })),
      ...sizes.map((s) => ({ key: `s-${s}`, label: sizeLabel(s), hint: 'Size', to: `/products?size=${encodeURIComponent(s)}` })),
    ];
  }, [wanted, term, products.data, options.data]);

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    setText('');
    navigate(to);
  };
  const submit = () => {
    const q = text.trim();
    if (active >= 0 && suggestions[active]) return go(suggestions[active].to);
    go(q ? `/products?search=${encodeURIComponent(q)}` : '/products');
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
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
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
        <ul id={listId} role="listbox" aria-label="Suggestions" className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
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
              className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${i === active ? 'bg-emerald-50 text-emerald-900' : 'text-slate-800 hover:bg-slate-50'}`}
            >
              <span className="truncate">{s.label}</span>
              <span className="flex-none text-xs text-slate-600">{s.hint}</span>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

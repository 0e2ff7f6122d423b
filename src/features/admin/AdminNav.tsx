import { ChevronDown, Menu, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { NavLink, useLocation } from '../../lib/router';

export interface AdminSection {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on exactly this path (the dashboard), not below it. */
  end?: boolean;
}

/** Whether a section holds the page shown: its path, or (without `end`) a page below it, as NavLink decides. */
const holds = (s: AdminSection, pathname: string) => pathname === s.to || (!s.end && pathname.startsWith(`${s.to}/`));

/**
 * The back office's sections, always in reach (issue 38, point 13): a side bar that stays in view on a
 * laptop, and on a phone a bar under the site header naming the current section that opens the
 * list as a menu. The current section is marked (aria-current and colour) in both.
 */
export function AdminNav({ sections }: { sections: AdminSection[] }) {
  const { pathname } = useLocation();
  const current = sections.find((s) => holds(s, pathname.toLowerCase()));
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // A section chosen from the phone menu closes it.
  useEffect(() => setOpen(false), [pathname]);
  // Sticky just under the site header, whose height changes with the width (a search row on a phone).
  const [headerHeight, setHeaderHeight] = useState(64);
  useEffect(() => {
    const header = document.querySelector('body header');
    if (!header) return;
    const measure = () => setHeaderHeight(header.getBoundingClientRect().height);
    measure();
    const sizes = new ResizeObserver(measure);
    sizes.observe(header);
    return () => sizes.disconnect();
  }, []);

  return (
    <nav
      aria-label="Back office"
      style={{ '--admin-nav-top': `${headerHeight}px` } as CSSProperties}
      className="sticky top-[var(--admin-nav-top)] z-30 -mx-3 border-b border-slate-200 bg-slate-50/95 px-3 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:top-[calc(var(--admin-nav-top)+1rem)] lg:mx-0 lg:w-52 lg:shrink-0 lg:self-start lg:border-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls="admin-sections"
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm font-medium text-slate-800 shadow-sm lg:hidden"
      >
        <Menu className="h-4 w-4 text-slate-500" aria-hidden />
        <span className="text-slate-500">Section:</span>
        <span className="font-semibold">{current?.label ?? 'Back office'}</span>
        <ChevronDown className={`ml-auto h-4 w-4 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
      </button>
      <ul
        id="admin-sections"
        className={`${open ? 'grid' : 'hidden'} mt-2 max-h-[calc(100dvh-9rem)] grid-cols-2 gap-1 overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg sm:grid-cols-3 lg:mt-0 lg:flex lg:max-h-[calc(100dvh-6rem)] lg:flex-col lg:rounded-none lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none`}
      >
        {sections.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                `flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-emerald-600 text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-emerald-700 lg:hover:bg-white'}`
              }
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// The filter drawer's keyboard and scroll handling while it is open (FilterDrawer.tsx loads this
// when the drawer first opens): focus stays inside, Escape closes, the page behind does not scroll,
// widening to a laptop puts the sidebar back, and focus returns to what opened it.
import { FOCUSABLE, wrapTab } from '../../lib/focus-trap';

const WIDE = '(min-width: 1024px)';

export function trapDrawer(box: HTMLElement, close: () => void): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const focusables = () => [...(box.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => el.offsetParent !== null);
  focusables()[0]?.focus();
  const onKey = (e: KeyboardEvent) => (e.key === 'Escape' ? close() : wrapTab(e, focusables()));
  // The page behind does not scroll under the drawer; widening to a laptop puts the sidebar back.
  const wide = window.matchMedia(WIDE);
  const onWide = () => wide.matches && close();
  const overflow = document.documentElement.style.overflow;
  document.documentElement.style.overflow = 'hidden';
  window.addEventListener('keydown', onKey);
  wide.addEventListener('change', onWide);
  return () => {
    document.documentElement.style.overflow = overflow;
    window.removeEventListener('keydown', onKey);
    wide.removeEventListener('change', onWide);
    if (opener?.isConnected) opener.focus();
  };
}

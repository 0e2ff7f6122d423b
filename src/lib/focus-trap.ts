// Keeping keyboard focus inside an open dialog or drawer (the back office's Modal, the catalogue's
// filter drawer): one rule for what can take focus and for how Tab wraps around.

/** What can take focus by keyboard inside a dialog. */
export const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * On Tab from the last of `focusables`, focus the first; on Shift+Tab from the first, the last; any
 * other key, or Tab in between, is left to the browser. Called from a keydown handler.
 */
export function wrapTab(e: KeyboardEvent, focusables: HTMLElement[]): void {
  if (e.key !== 'Tab' || focusables.length === 0) return;
  const [first, last] = [focusables[0], focusables[focusables.length - 1]];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

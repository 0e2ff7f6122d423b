import { useEffect, useRef, useState, type RefObject } from 'react';

/** The button's place when it is not tucked: measured from the viewport's bottom right corner. */
interface Resting {
  right: number;
  bottom: number;
  width: number;
  height: number;
}

// Dense enough that a one-line badge (about 20 px high) cannot slip between two rows of points.
const COLUMNS = 6;
const ROWS = 6;
// A clear page must stay clear this long before the button comes back, so it does not flicker in
// and out while content scrolls past under it.
const RETURN_AFTER_MS = 200;
// Images at most this big are read (a QR code, a thumbnail, an icon); a product photo is scenery.
const SMALL_IMAGE_PX = 320;
const CONTROLS = new Set(['button', 'input', 'select', 'textarea', 'summary', 'iframe']);
const IMAGES = new Set(['img', 'svg', 'canvas', 'video', 'picture']);

const overlaps = (r: { left: number; right: number; top: number; bottom: number }, box: DOMRect) =>
  r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom && r.right > r.left && r.bottom > r.top;

/** Whether an element at one of the points is something a shopper reads or taps (issue 38, point 5). */
function matters(el: Element, box: DOMRect, range: Range): boolean {
  if (el.closest('[data-chat-avoid]')) return true;
  const tag = el.localName;
  if (CONTROLS.has(tag) || el.getAttribute('role') === 'button' || el.getAttribute('role') === 'checkbox') return true;
  const rect = el.getBoundingClientRect();
  // A link the size of a card is tapped anywhere on it; a link in a line of text is tapped on its words.
  if (tag === 'a' && rect.width * rect.height < (window.innerWidth * window.innerHeight) / 4) return true;
  if (IMAGES.has(tag)) return rect.width <= SMALL_IMAGE_PX && rect.height <= SMALL_IMAGE_PX;
  // Text: only where its words are, not the whole width of the block that holds them.
  for (const node of el.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (overlaps(r, box)) return true;
  }
  return false;
}

// The round button's resting place and size (ChatWidget: right-4 bottom-4 h-14 w-14) and its badge
// (-top-2 right-10): computed, not measured, so a check during the tab's transition cannot move it.
const EDGE = 16;
const SIZE = 56;
const BADGE_RISE = 8;
const BADGE_RIGHT = 40;

function coversSomething(root: HTMLElement, resting: Resting): boolean {
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const box = new DOMRect(vw - resting.right - resting.width, vh - resting.bottom - resting.height, resting.width, resting.height);
  const range = document.createRange();
  const seen = new Set<Element>();
  for (let i = 0; i < COLUMNS; i++) {
    for (let j = 0; j < ROWS; j++) {
      const x = box.left + ((i + 0.5) * box.width) / COLUMNS;
      const y = box.top + ((j + 0.5) * box.height) / ROWS;
      for (const el of document.elementsFromPoint(x, y)) {
        if (seen.has(el) || root.contains(el) || el === document.body || el === document.documentElement) continue;
        seen.add(el);
        if (matters(el, box, range)) return true;
      }
    }
  }
  return false;
}

/**
 * The round chat button stays at the bottom right (docs/spec/storefront.md section 2) while what is under it
 * is page background, a large photo or blank space; when it would cover words, a control, a small
 * image (the PayNow QR) or anything marked `data-chat-avoid`, it tucks into a narrow tab at the
 * screen's edge, in the page's side margin, until the place is clear again.
 */
export function useStepAside(button: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [tucked, setTucked] = useState(false);
  const resting = useRef<Resting | null>(null);
  const tuckedRef = useRef(false);
  tuckedRef.current = tucked;

  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    let back: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      frame = 0;
      const el = button.current;
      if (!el) return;
      // The badge's width is read while it shows (it names the page's agent); tucked, the last one stands.
      const badge = el.querySelector<HTMLElement>('[data-chat-badge]')?.offsetWidth;
      if (badge || !resting.current) resting.current = { right: EDGE, bottom: EDGE, width: Math.max(SIZE, BADGE_RIGHT + (badge ?? 0)), height: SIZE + BADGE_RISE };
      const cover = coversSomething(el, resting.current);
      if (cover) {
        clearTimeout(back);
        back = undefined;
        setTucked(true);
      } else if (tuckedRef.current && back === undefined) {
        back = setTimeout(() => {
          back = undefined;
          setTucked(false);
        }, RETURN_AFTER_MS);
      }
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    soon();
    window.addEventListener('scroll', soon, { passive: true, capture: true });
    window.addEventListener('resize', soon);
    // Content that arrives or moves without a scroll: data loading, a QR code drawn, images sizing.
    const mutations = new MutationObserver(soon);
    mutations.observe(document.body, { childList: true, subtree: true, characterData: true });
    const sizes = new ResizeObserver(soon);
    sizes.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(back);
      window.removeEventListener('scroll', soon, { capture: true });
      window.removeEventListener('resize', soon);
      mutations.disconnect();
      sizes.disconnect();
    };
  }, [enabled, button]);

  return enabled && tucked;
}

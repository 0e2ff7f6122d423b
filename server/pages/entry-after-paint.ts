import { createHash } from 'node:crypto';

// A server-rendered page is readable before any of its JavaScript has run, so on a phone the
// stylesheet and the largest image should get the connection first. The entry script of such a
// page is therefore not in its head as <script type="module" src>, but asked for by this inline
// script once the first frame has been painted (requestAnimationFrame runs just before a paint,
// which waits for the stylesheet; the timeout runs after it). Allowed by its hash in the CSP
// (decision 0154); the entry's URL comes from the tag's data-entry attribute, so the hash does not
// change with each build.
const SCRIPT = `(function(s){var e=s.getAttribute("data-entry");requestAnimationFrame(function(){setTimeout(function(){var m=document.createElement("script");m.type="module";m.src=e;document.head.appendChild(m)})})})(document.currentScript)`;

/** The tag that loads `src` after the first paint. */
export const entryAfterPaintTag = (src: string) => `<script data-entry="${src.replace(/[^A-Za-z0-9/._-]/g, '')}">${SCRIPT}</script>`;

/** The CSP source that allows exactly this script. */
export const ENTRY_AFTER_PAINT_CSP = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

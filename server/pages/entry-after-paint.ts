import { createHash } from 'node:crypto';

// A server-rendered page is readable before any of its JavaScript has run, so on a phone the
// stylesheet and the largest image should get the connection first. The entry script of such a
// page is therefore not in its head as <script type="module" src>, but asked for by this inline
// script once the first frame has been painted (requestAnimationFrame runs just before a paint,
// which waits for the stylesheet; the timeout runs after it), together with the page's own chunks
// (modulepreload), so that hydration does not wait for the entry to ask for them. Allowed by its
// hash in the CSP (decision 0154); the URLs come from the tag's data attributes, so the hash does
// not change with each build or page.
// Not before the document has been parsed, though: a module script added by a script runs as soon
// as it has loaded, unlike one in the HTML, which waits for the parser. The first frame can be
// painted while the body is still arriving, and an entry that ran then found no server state (the
// tag after the root) and rendered the page afresh, asking for its data again (decision 0155).
const SCRIPT =
  '(function(s){var d=document,e=s.getAttribute("data-entry"),c=(s.getAttribute("data-chunks")||"").split(" ");' +
  'function add(t,a){var n=d.createElement(t);for(var k in a)n[k]=a[k];d.head.appendChild(n)}' +
  'function go(){requestAnimationFrame(function(){setTimeout(function(){add("script",{type:"module",src:e});' +
  'for(var i=0;i<c.length;i++)if(c[i])add("link",{rel:"modulepreload",href:c[i]})})})}' +
  'if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",go);else go()})(document.currentScript)';

/** Only the characters of the build's asset paths: an attribute value that cannot break out. */
const safePath = (p: string) => p.replace(/[^A-Za-z0-9/._-]/g, '');

/** The tag that loads the entry `src` and the page's `chunks` after the first paint. */
export function entryAfterPaintTag(src: string, chunks: readonly string[] = []): string {
  const list = chunks.map(safePath).filter(Boolean).join(' ');
  return `<script data-entry="${safePath(src)}"${list ? ` data-chunks="${list}"` : ''}>${SCRIPT}</script>`;
}

/** The CSP source that allows exactly this script. */
export const ENTRY_AFTER_PAINT_CSP = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

import { entryAfterPaintTag } from './entry-after-paint';
import { SESSION_HINT_TAG } from './session-hint';

// The SPA's index.html, read once and split where the page's head goes. The template's own generic
// <title> and description are taken out for pages that bring their own, so there is exactly one.

export interface HtmlTemplate {
  /** The page with these head tags instead of the template's title and description. */
  withHead(headHtml: string): string;
  /**
   * The template as built, plus extra tags (e.g. noindex) before </head>, and `early` tags before
   * its stylesheet and scripts (an inline script after a stylesheet would wait for it).
   */
  withExtra(headHtml: string, early?: string): string;
  /** A server-rendered page. The template's "needs JavaScript" notice goes: this page does not. */
  withPage(page: RenderedPageParts): string;
}

interface RenderedPageParts {
  /** The page's head tags (title, meta, canonical, JSON-LD). */
  head: string;
  /** The page's HTML, inside the root element. */
  root: string;
  /** Right behind the root element: the page's state. */
  after: string;
  /** Before the template's stylesheet and entry script (the largest image's preload): the page's first request. */
  early?: string;
  /** The page's own chunks, asked for with the entry once the page is painted (entry-after-paint.ts). */
  chunks?: readonly string[];
}

const TITLE = /[ \t]*<title>[\s\S]*?<\/title>[ \t]*\r?\n?/i;
const DESCRIPTION = /[ \t]*<meta\s+name=["']description["'][^>]*>[ \t]*\r?\n?/i;
const ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/i;
const NOSCRIPT = /[ \t]*<noscript>[\s\S]*?<\/noscript>[ \t]*\r?\n?/i;
/** A head split before the first stylesheet or script it loads: where a page's early tags go. */
function splitAtFirstLoad(head: string): [string, string] {
  const at = head.search(/[ \t]*<(?:link[^>]+rel=["']?(?:stylesheet|modulepreload)|script[^>]+src=)/i);
  return at < 0 ? [head, ''] : [head.slice(0, at), head.slice(at)];
}

/*
 * The scripts keep their default priority on server-rendered pages too. Loading them at
 * fetchpriority="low" was tried (decision 0151): the product page's LCP fell from 2.23 to 2.04 s,
 * but the entry then ran as one long task instead of three, and total blocking time rose from
 * 92-111 to 175-271 ms (Lighthouse, quiet machine, same build otherwise), costing `/` 4 points.
 */
export function compileTemplate(html: string): HtmlTemplate {
  const at = html.search(/<\/head>/i);
  if (at < 0) throw new Error('index.html has no </head>');
  const head = html.slice(0, at).replace(/\s*$/, '\n');
  const rest = `  ${html.slice(at)}`;
  const bare = head.replace(TITLE, '').replace(DESCRIPTION, '').replace(/\s*$/, '\n');
  // The session hint runs before the stylesheet and scripts are even asked for (an inline script
  // after a stylesheet would wait for it).
  const pageHead = bare.replace(/<meta charset[^>]*>[ \t]*\r?\n?|<head[^>]*>[ \t]*\r?\n?/i, (m) => m + SESSION_HINT_TAG);
  // Where a page's early tags go: before the first stylesheet or script the template loads.
  const [pageHeadTop, pageHeadRest] = splitAtFirstLoad(pageHead);
  // The entry of a server-rendered page is asked for once the page has been painted (entry-after-paint.ts).
  const entry = ENTRY_SCRIPT.exec(pageHeadRest);
  const [beforeEntry, afterEntry] = entry ? [pageHeadRest.slice(0, entry.index), pageHeadRest.slice(entry.index + entry[0].length)] : [pageHeadRest, ''];
  const entryTag = (chunks: readonly string[] = []) => (entry ? entryAfterPaintTag(entry[1], chunks) : '');
  const [shellHeadTop, shellHeadRest] = splitAtFirstLoad(head);
  const at2 = rest.indexOf(ROOT);
  // Without an empty root element there is nowhere to put a page: such a template serves the shell.
  const beforeRoot = at2 < 0 ? '' : rest.slice(0, at2) + '<div id="root">';
  const afterRoot = rest.slice(at2 + ROOT.length).replace(NOSCRIPT, '');
  return {
    withHead: (headHtml) => bare + headHtml + rest,
    withExtra: (headHtml, early = '') => shellHeadTop + early + shellHeadRest + headHtml + rest,
    // Concatenated, never replace()d: a page's text may hold "$&" and the like.
    withPage: ({ head: headHtml, root, after, early = '', chunks }) =>
      at2 < 0
        ? bare + early + headHtml + rest
        : pageHeadTop + early + beforeEntry + entryTag(chunks) + afterEntry + headHtml + beforeRoot + root + '</div>' + after + afterRoot,
  };
}

// The SPA's index.html, read once and split where the page's head goes. The template's own generic
// <title> and description are taken out for pages that bring their own, so there is exactly one.

export interface HtmlTemplate {
  /** The page with these head tags instead of the template's title and description. */
  withHead(headHtml: string): string;
  /** The template as built, plus extra tags (e.g. noindex) before </head>. */
  withExtra(headHtml: string): string;
}

const TITLE = /[ \t]*<title>[\s\S]*?<\/title>[ \t]*\r?\n?/i;
const DESCRIPTION = /[ \t]*<meta\s+name=["']description["'][^>]*>[ \t]*\r?\n?/i;

export function compileTemplate(html: string): HtmlTemplate {
  const at = html.search(/<\/head>/i);
  if (at < 0) throw new Error('index.html has no </head>');
  const head = html.slice(0, at).replace(/\s*$/, '\n');
  const rest = `  ${html.slice(at)}`;
  const bare = head.replace(TITLE, '').replace(DESCRIPTION, '').replace(/\s*$/, '\n');
  return {
    withHead: (headHtml) => bare + headHtml + rest,
    withExtra: (headHtml) => head + headHtml + rest,
  };
}

// The origin the server vouched for: the canonical link it wrote into index.html (PUBLIC_URL or an
// allowed host, server/lib/public-origin.ts). Read once, before the SPA replaces the server's head;
// without it (Vite dev server) the page's own origin.
let origin: string | undefined;

export function siteOrigin(): string {
  // On the server the head is written by server/pages, not by the components: nothing reads this.
  if (typeof document === 'undefined') return '';
  if (origin === undefined) {
    const href = document.querySelector('link[rel="canonical"][data-page-head]')?.getAttribute('href');
    try {
      origin = href ? new URL(href).origin : window.location.origin;
    } catch {
      origin = window.location.origin;
    }
  }
  return origin;
}

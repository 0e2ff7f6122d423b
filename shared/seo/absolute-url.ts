// Apart from head-tags.ts: the breadcrumbs and a product's JSON-LD need only this, and the browser
// loads the head's tags once the page is live, not with the page (decision 0204).

/** A path made absolute on the shop's origin; an absolute URL is kept as it is. */
export const absoluteUrl = (origin: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`);

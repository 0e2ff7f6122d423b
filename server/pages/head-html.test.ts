import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { headTags } from '../../shared/seo/page-meta';
import { renderHead, renderHeadTag } from './head-html';
import { ENTRY_AFTER_PAINT_CSP, entryAfterPaintTag } from './entry-after-paint';
import { compileTemplate } from './html-template';

const TEMPLATE = `<!doctype html>
<html><head>
    <meta charset="UTF-8" />
    <title>Generic &amp; title</title>
    <meta name="description" content="Generic description" />
    <script type="module" src="/assets/main.js"></script>
  </head>
  <body><div id="root"></div></body></html>`;

describe('the server-rendered head', () => {
  it('escapes text and attributes', () => {
    expect(renderHeadTag({ tag: 'title', text: '</title><script>x</script>' })).toBe('<title data-page-head>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>');
    expect(renderHeadTag({ tag: 'meta', name: 'description', content: `"><script>'` })).toBe(
      '<meta data-page-head name="description" content="&quot;&gt;&lt;script&gt;&#39;" />',
    );
    expect(renderHeadTag({ tag: 'link', rel: 'canonical', href: 'https://s.example/?a=1&b="2"' })).toBe(
      '<link data-page-head rel="canonical" href="https://s.example/?a=1&amp;b=&quot;2&quot;" />',
    );
  });

  it("replaces the template's title and description with the page's, keeping everything else", () => {
    const html = compileTemplate(TEMPLATE).withHead(renderHead(headTags({ title: 'FAQ', description: 'Answers', path: '/faq' }, 'https://s.example')));
    expect(html.match(/<title/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<title data-page-head>FAQ | PackShop</title>');
    expect(html).toContain('<link data-page-head rel="canonical" href="https://s.example/faq" />');
    expect(html).toContain('<script type="module" src="/assets/main.js"></script>');
    expect(html.indexOf('data-page-head')).toBeLessThan(html.indexOf('</head>'));
  });

  it('keeps the generic head when a route has no meta of its own', () => {
    const html = compileTemplate(TEMPLATE).withExtra('<meta name="robots" content="noindex" />');
    expect(html).toContain('<title>Generic &amp; title</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />  </head>');
  });

  it("a server-rendered page asks for its entry once painted; the client-rendered shell loads it from the head (decision 0154)", () => {
    const template = compileTemplate(TEMPLATE);
    const page = template.withPage({ head: '', root: '<main>Hi</main>', after: '', chunks: ['/assets/Page-1.js', '/assets/icon-2.js'] });
    expect(page).not.toContain('<script type="module"');
    expect(page).toContain(entryAfterPaintTag('/assets/main.js', ['/assets/Page-1.js', '/assets/icon-2.js']));
    expect(page).toContain('<script data-entry="/assets/main.js" data-chunks="/assets/Page-1.js /assets/icon-2.js">');
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(template.withHead('')).toContain('<script type="module" src="/assets/main.js"></script>');
    expect(template.withExtra('')).toContain('<script type="module" src="/assets/main.js"></script>');
  });

  it("the after-paint loader's hash is the CSP's, whatever the entry's name", () => {
    const script = /<script data-entry="[^"]*">(.+)<\/script>/.exec(entryAfterPaintTag('/assets/index-Ab12.js'))![1];
    expect(ENTRY_AFTER_PAINT_CSP).toBe(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(entryAfterPaintTag('/assets/x.js"><script>alert(1)</script>')).not.toContain('<script>alert');
  });

  it("puts a server-rendered page's early tags (its largest image) before the template's stylesheet and scripts", () => {
    const template = compileTemplate(TEMPLATE.replace('</head>', '<link rel="stylesheet" href="/assets/app.css">\n  </head>'));
    const page = template.withPage({ head: '<title>T</title>', root: '<main>Hi</main>', after: '', early: '<link rel="preload" as="image" href="/i.avif" />' });
    const image = page.indexOf('rel="preload" as="image"');
    expect(image).toBeGreaterThan(page.indexOf('<meta charset'));
    expect(image).toBeLessThan(page.indexOf('<script data-entry='));
    expect(image).toBeLessThan(page.indexOf('rel="stylesheet"'));
    expect(page.indexOf('<title>T</title>')).toBeGreaterThan(image);
  });

  it('refuses a template without a head', () => {
    expect(() => compileTemplate('<html><body></body></html>')).toThrow(/<\/head>/);
  });
});

import type { ShopProfile } from '../../shared/schemas/shop-profile.schema';

/**
 * A message is a list of blocks; one renderer turns it into the HTML and the plain-text body, so
 * the two always say the same thing. Every value is escaped for HTML here, never in templates.
 */
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'table'; head?: string[]; rows: string[][]; alignRight?: number[] }
  | { kind: 'totals'; rows: [string, string][]; strongLast?: boolean }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'lines'; title: string; lines: string[] }
  /** An inline image (a QR code drawn at send time); the plain-text body says in words what it holds. */
  | { kind: 'image'; cid: string; alt: string; size: number };

/**
 * An image the message shows inline (<img src="cid:...">). The outbox stores what to draw, not the
 * picture: the sender draws the PNG when it delivers (server/outbox/attachments.ts).
 */
export interface InlineImage {
  cid: string;
  filename: string;
  /** Text to draw as a QR code. */
  qr: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  inlineImages?: InlineImage[];
}

export interface MailContext {
  shop: ShopProfile;
  /** Origin for links, e.g. https://shop.example.com */
  publicUrl: string;
}

/** HTML escaping; every value put into an e-mail's HTML goes through it. */
export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const CELL = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;';

function blockHtml(b: Block): string {
  switch (b.kind) {
    case 'heading':
      return `<h2 style="margin:24px 0 8px;font-size:18px;color:#111827">${esc(b.text)}</h2>`;
    case 'p':
      return `<p style="margin:0 0 12px;line-height:1.5">${esc(b.text)}</p>`;
    case 'table': {
      const right = new Set(b.alignRight ?? []);
      // Figures never wrap; text may break inside long words (SKUs), so a phone shows the table
      // without scrolling sideways. A line break in a cell ("name\nSKU ...") is kept.
      const cell = (tag: string, v: string, i: number) =>
        `<${tag} style="${CELL}${right.has(i) ? 'text-align:right;white-space:nowrap' : 'text-align:left;overflow-wrap:anywhere;word-break:break-word'}">${esc(v).replace(/\n/g, '<br>')}</${tag}>`;
      const head = b.head ? `<tr>${b.head.map((h, i) => cell('th', h, i)).join('')}</tr>` : '';
      const rows = b.rows.map((r) => `<tr>${r.map((v, i) => cell('td', v, i)).join('')}</tr>`).join('');
      return `<table style="width:100%;border-collapse:collapse;margin:0 0 12px;font-size:14px">${head}${rows}</table>`;
    }
    case 'totals': {
      const rows = b.rows
        .map(([k, v], i) => {
          const strong = b.strongLast && i === b.rows.length - 1 ? 'font-weight:bold;' : '';
          return `<tr><td style="padding:3px 8px;${strong}">${esc(k)}</td><td style="padding:3px 8px;text-align:right;${strong}">${esc(v)}</td></tr>`;
        })
        .join('');
      return `<table style="margin:0 0 12px auto;font-size:14px">${rows}</table>`;
    }
    case 'button':
      return `<p style="margin:16px 0"><a href="${esc(b.url)}" style="display:inline-block;background:#111827;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${esc(b.label)}</a></p>`;
    case 'lines':
      return `<p style="margin:0 0 12px;line-height:1.5"><strong>${esc(b.title)}</strong><br>${b.lines.map(esc).join('<br>')}</p>`;
    case 'image':
      return `<p style="margin:0 0 12px"><img src="cid:${esc(b.cid)}" alt="${esc(b.alt)}" width="${b.size}" height="${b.size}" style="display:block;width:${b.size}px;height:${b.size}px;border:0"></p>`;
  }
}

function pad(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((v, i) => v.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}

function blockText(b: Block): string {
  switch (b.kind) {
    case 'heading':
      return `${b.text}\n${'-'.repeat(b.text.length)}`;
    case 'p':
      return b.text;
    case 'table':
      return pad([...(b.head ? [b.head] : []), ...b.rows].map((r) => r.map((v) => v.replace(/\n/g, ', '))));
    case 'totals':
      return pad(b.rows);
    case 'button':
      return `${b.label}: ${b.url}`;
    case 'lines':
      return [b.title, ...b.lines].join('\n');
    case 'image':
      return `[${b.alt}]`;
  }
}

function footer(shop: ShopProfile): string[] {
  return [shop.shop_name, shop.address, `${shop.email} · ${shop.phone}`];
}

export function renderEmail(ctx: MailContext, subject: string, blocks: Block[]): RenderedEmail {
  const { shop } = ctx;
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(subject)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#374151">
<div style="max-width:600px;margin:0 auto;padding:16px 12px">
<div style="font-size:20px;font-weight:bold;color:#111827;margin-bottom:16px">${esc(shop.shop_name)}</div>
<div style="background:#ffffff;border-radius:8px;padding:20px 16px">${blocks.map(blockHtml).join('\n')}</div>
<div style="font-size:12px;color:#6b7280;margin-top:16px;line-height:1.5">${footer(shop).map(esc).join('<br>')}</div>
</div></body></html>`;
  const text = [shop.shop_name, '', ...blocks.map(blockText).flatMap((t) => [t, '']), '--', ...footer(shop)].join('\n');
  return { subject, html, text };
}

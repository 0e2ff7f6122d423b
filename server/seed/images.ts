// Product and gift pictures for the demo catalogue, drawn as SVG and encoded to WebP with sharp, so
// that a fresh install looks like a real shop without downloading anything.
import sharp from 'sharp';
import type { ImageStorage } from '../storage/image-storage';
import { storeSourceImage } from '../storage/image-variants';
import type { ArtKind, SeedGiftItem, SeedProduct } from './catalogue';

export interface SeedImage {
  url: string;
  alt: string;
  position: number;
}

interface View {
  /** Cache key: identical drawings are rendered once per seed run. */
  key: string;
  alt: string;
  svg: () => string;
}

const SIZE = 800;
const GIFT_SIZE = 400;

/** Size label for a product: its smallest to largest size, as on the shelf card. */
function sizeLabel(product: SeedProduct): string {
  const sizes = [...new Set(product.variants.map((v) => v.sizeCode))];
  const pretty = (code: string) => code.replace('x', ' × ');
  return sizes.length === 1 ? `${pretty(sizes[0])} cm` : `${pretty(sizes[0])} to ${pretty(sizes[sizes.length - 1])} cm`;
}

/** The middle size gives the bag its proportions in the drawing. */
function typicalSize(product: SeedProduct): [number, number] {
  const v = product.variants[Math.floor(product.variants.length / 2)];
  return [v.widthCm, v.heightCm];
}

function productViews(product: SeedProduct): View[] {
  const { color, type, name } = product;
  const premium = type === 'premium';
  const kind = `${product.art}:${color}:${type}`;
  switch (product.art) {
    case 'mailer': {
      const [w, h] = typicalSize(product);
      const label = sizeLabel(product);
      return [
        { key: `${kind}:front:${w}x${h}:${label}`, alt: `${name}, front view`, svg: () => mailerFront(color, premium, w / h, label) },
        { key: `${kind}:flap`, alt: `${name}, self-seal strip detail`, svg: () => mailerFlapDetail(color, premium) },
        { key: `${kind}:stack`, alt: `${name}, stack of mailers`, svg: () => mailerStack(color, premium) },
      ];
    }
    case 'bubble-pouch':
      return [
        { key: `${kind}:front`, alt: `${name}, single pouch`, svg: () => bubblePouch(sizeLabel(product)) },
        { key: `${kind}:fan`, alt: `${name}, assorted sizes`, svg: bubblePouchFan },
        { key: 'bubbles', alt: `${name}, bubble close-up`, svg: bubbleCloseUp },
      ];
    case 'bubble-sheet':
      return [
        { key: `${kind}:sheets`, alt: `${name}, stack of sheets`, svg: () => bubbleSheets(sizeLabel(product)) },
        { key: 'bubbles', alt: `${name}, bubble close-up`, svg: bubbleCloseUp },
      ];
    case 'bubble-roll':
      return [
        { key: `${kind}:roll`, alt: `${name}, roll`, svg: bubbleRoll },
        { key: 'bubbles', alt: `${name}, bubble close-up`, svg: bubbleCloseUp },
      ];
    case 'tape':
      return [
        { key: 'tape:roll', alt: `${name}, roll`, svg: tapeRoll },
        { key: 'tape:carton', alt: `${name}, sealing a carton`, svg: cartonWithTape },
      ];
    case 'labels':
      return [
        { key: 'labels:stack', alt: `${name}, fanfold stack`, svg: labelStack },
        { key: 'labels:mailer', alt: `${name}, printed label on a mailer`, svg: labelOnMailer },
      ];
    case 'stickers':
      return [
        { key: 'stickers:roll', alt: `${name}, roll`, svg: stickerRoll },
        { key: 'stickers:close', alt: `${name}, single sticker`, svg: stickerCloseUp },
      ];
  }
}

const GIFT_ART: Record<ArtKind, () => string> = {
  mailer: () => mailerFront('white', false, 25 / 35, ''),
  'bubble-pouch': () => bubblePouch(''),
  'bubble-sheet': () => bubbleSheets(''),
  'bubble-roll': bubbleRoll,
  tape: tapeRoll,
  labels: labelStack,
  stickers: stickerRoll,
};

/**
 * Renders and stores seed images. One instance per seed run: it remembers rendered drawings so
 * that products sharing a picture (the bubble close-up, for one) are encoded only once.
 */
export function createSeedImages(storage: ImageStorage) {
  const rendered = new Map<string, Promise<Buffer>>();

  const render = (key: string, svg: () => string, size: number): Promise<Buffer> => {
    const cacheKey = `${key}@${size}`;
    let buffer = rendered.get(cacheKey);
    if (!buffer) {
      const pipeline = sharp(Buffer.from(svg()), { density: 72 });
      buffer = (size === SIZE ? pipeline : pipeline.resize(size, size)).webp({ quality: 82, effort: 2 }).toBuffer();
      rendered.set(cacheKey, buffer);
    }
    return buffer;
  };

  return {
    async forProduct(product: SeedProduct): Promise<SeedImage[]> {
      const views = productViews(product);
      return Promise.all(
        views.map(async (view, position) => {
          // Named by content: drawings products share are stored (and their copies made) once.
          const url = await storeSourceImage(storage, await render(view.key, view.svg, SIZE));
          return { url, alt: view.alt, position };
        }),
      );
    },

    async forGift(gift: SeedGiftItem): Promise<string> {
      const bytes = await render(`gift:${gift.art}`, GIFT_ART[gift.art], GIFT_SIZE);
      return storage.save(`seed/gift-${gift.key}.webp`, bytes);
    },
  };
}

// ---------- drawing: shared pieces ----------
// Everything below returns SVG markup for an 800 x 800 canvas. Shapes are kept simple so that
// librsvg renders each picture in a few tens of milliseconds.

const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

const esc = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Palette {
  face: string;
  shade: string;
  edge: string;
  /** Inside of the film: co-extruded mailers are grey (or black) inside so they stay opaque. */
  inner: string;
  opacity: number;
}

const PALETTES: Record<string, Palette> = {
  white: { face: '#fcfcfa', shade: '#d9dde1', edge: '#bfc5cb', inner: '#aeb3b9', opacity: 1 },
  black: { face: '#3a3c42', shade: '#141518', edge: '#55585f', inner: '#1d1e21', opacity: 1 },
  clear: { face: '#f3f8fc', shade: '#c3d2de', edge: '#93a8b8', inner: '#eef4f8', opacity: 0.38 },
  pink: { face: '#fad3de', shade: '#e8a5b9', edge: '#d78ea4', inner: '#b9bdc2', opacity: 1 },
  'baby blue': { face: '#cbe6f8', shade: '#98c4e4', edge: '#80afd3', inner: '#b9bdc2', opacity: 1 },
};
const paletteOf = (color: string): Palette => PALETTES[color] ?? PALETTES.white;

function canvas(body: string, defs = '', bg: [string, string] = ['#f4f6f8', '#d6dde4']): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 800 800">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0.2" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>
${defs}
</defs>
<rect width="800" height="800" fill="url(#bg)"/>
${body}
</svg>`;
}

/** Soft contact shadow under an object: nested translucent ellipses (a blur filter is slower). */
const floorShadow = (cx: number, cy: number, rx: number, ry: number, opacity = 0.22): string =>
  [1.15, 0.95, 0.75, 0.55]
    .map((k) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx * k}" ry="${ry * k}" fill="#1f2933" opacity="${(opacity / 3.2).toFixed(3)}"/>`)
    .join('');

/** Drop shadow as a few offset translucent copies: a blur filter costs ~10x more to render. */
const softShadow = (x: number, y: number, w: number, h: number, rx: number, opacity = 0.07): string =>
  [4, 9, 14]
    .map((d) => `<rect x="${x + d * 0.6}" y="${y + d}" width="${w}" height="${h}" rx="${rx + d / 2}" fill="#1f2933" opacity="${opacity}"/>`)
    .join('');

/** Small pill-shaped caption, used for sizes. */
function pill(text: string, cx = 400, y = 712): string {
  if (!text) return '';
  const width = Math.round(text.length * 13.5 + 44);
  return `<g><rect x="${cx - width / 2}" y="${y}" width="${width}" height="46" rx="23" fill="#ffffff" stroke="#cfd6dd" stroke-width="2"/>
<text x="${cx}" y="${y + 31}" font-family="${FONT}" font-size="24" font-weight="600" fill="#364152" text-anchor="middle">${esc(text)}</text></g>`;
}

// ---------- drawing: polymailers ----------

interface BagOptions {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  p: Palette;
  gloss: number;
  /** Clear bags show what is packed inside. */
  contents?: boolean;
}

function bagDefs({ id, x, y, w, h, p }: BagOptions): string {
  return `<linearGradient id="${id}-face" x1="0" y1="0" x2="1" y2="0.25">
<stop offset="0" stop-color="${p.shade}"/><stop offset="0.16" stop-color="${p.face}"/><stop offset="0.72" stop-color="${p.face}"/><stop offset="1" stop-color="${p.shade}"/></linearGradient>
<linearGradient id="${id}-v" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.1"/></linearGradient>
<clipPath id="${id}-clip"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8"/></clipPath>`;
}

/** A folded T-shirt and a thank-you card, seen through a clear mailer. */
function packedShirt(x: number, y: number, w: number, h: number): string {
  const sx = x + w * 0.14;
  const sy = y + h * 0.16;
  const sw = w * 0.72;
  const sh = h * 0.62;
  return `<g>
<rect x="${sx}" y="${sy}" width="${sw}" height="${sh}" rx="14" fill="#4f6d8f"/>
<path d="M ${sx + sw * 0.34} ${sy} Q ${sx + sw / 2} ${sy + sh * 0.12} ${sx + sw * 0.66} ${sy}" fill="none" stroke="#35506e" stroke-width="10"/>
<line x1="${sx + sw * 0.22}" y1="${sy + 6}" x2="${sx + sw * 0.22}" y2="${sy + sh - 6}" stroke="#435f80" stroke-width="4"/>
<line x1="${sx + sw * 0.78}" y1="${sy + 6}" x2="${sx + sw * 0.78}" y2="${sy + sh - 6}" stroke="#435f80" stroke-width="4"/>
<rect x="${sx + sw * 0.32}" y="${sy + sh * 0.72}" width="${sw * 0.36}" height="${sh * 0.2}" rx="6" fill="#fdf7ef" transform="rotate(-6 ${sx + sw / 2} ${sy + sh * 0.8})"/>
</g>`;
}

/** The front of a mailer: film with side seams, a bottom seal and a plastic sheen. */
function bagBody(o: BagOptions): string {
  const { id, x, y, w, h, p, gloss } = o;
  return `<g>
${o.contents ? packedShirt(x, y, w, h) : ''}
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="url(#${id}-face)" fill-opacity="${p.opacity}" stroke="${p.edge}" stroke-width="2"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="url(#${id}-v)"/>
<g clip-path="url(#${id}-clip)">
<path d="M ${x + w * 0.18} ${y} L ${x + w * 0.46} ${y} L ${x + w * 0.04} ${y + h * 0.62} L ${x - 4} ${y + h * 0.6} L ${x - 4} ${y + h * 0.28} Z" fill="#ffffff" opacity="${gloss}"/>
<path d="M ${x + w * 0.55} ${y + h} L ${x + w * 0.7} ${y + h} L ${x + w * 1.02} ${y + h * 0.55} L ${x + w * 1.02} ${y + h * 0.42} Z" fill="#ffffff" opacity="${gloss * 0.6}"/>
<path d="M ${x + w * 0.6} ${y + h * 0.07} q ${w * 0.12} ${h * 0.05} ${w * 0.34} ${h * 0.02}" fill="none" stroke="${p.shade}" stroke-width="3" opacity="0.55"/>
<path d="M ${x + w * 0.08} ${y + h * 0.9} q ${w * 0.15} ${-h * 0.03} ${w * 0.3} ${h * 0.02}" fill="none" stroke="${p.shade}" stroke-width="3" opacity="0.45"/>
</g>
<line x1="${x + 10}" y1="${y + 6}" x2="${x + 10}" y2="${y + h - 6}" stroke="${p.edge}" stroke-opacity="0.6" stroke-width="2"/>
<line x1="${x + w - 10}" y1="${y + 6}" x2="${x + w - 10}" y2="${y + h - 6}" stroke="${p.edge}" stroke-opacity="0.6" stroke-width="2"/>
<line x1="${x + 6}" y1="${y + h - 14}" x2="${x + w - 6}" y2="${y + h - 14}" stroke="${p.edge}" stroke-opacity="0.6" stroke-width="2"/>
</g>`;
}

/** The release liner over an adhesive strip. */
const liner = (x: number, y: number, w: number, h: number): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="#f3eee3" stroke="#d6cdb8" stroke-width="1.5"/>
<line x1="${x + 6}" y1="${y + h * 0.35}" x2="${x + w - 6}" y2="${y + h * 0.35}" stroke="#ffffff" stroke-width="2" opacity="0.8"/>`;

/** The opened flap above the bag mouth, showing its inner side and the seal strip(s). */
function openFlap(x: number, y: number, w: number, fh: number, p: Palette, premium: boolean): string {
  const top = y - fh;
  const strips = premium
    ? `${liner(x + 22, top + fh * 0.16, w - 44, fh * 0.2)}
<line x1="${x + 16}" y1="${top + fh * 0.5}" x2="${x + w - 16}" y2="${top + fh * 0.5}" stroke="${p.edge}" stroke-width="2" stroke-dasharray="7 6"/>
${liner(x + 22, top + fh * 0.62, w - 44, fh * 0.2)}`
    : liner(x + 22, top + fh * 0.3, w - 44, fh * 0.3);
  return `<g>
<path d="M ${x + 4} ${y} L ${x + 4} ${top + 12} Q ${x + 4} ${top} ${x + 16} ${top} L ${x + w - 16} ${top} Q ${x + w - 4} ${top} ${x + w - 4} ${top + 12} L ${x + w - 4} ${y} Z" fill="${p.inner}" fill-opacity="${p.opacity === 1 ? 1 : 0.55}" stroke="${p.edge}" stroke-width="2"/>
${strips}
</g>`;
}

function mailerFront(color: string, premium: boolean, ratio: number, label: string): string {
  const p = paletteOf(color);
  const h = 470;
  const w = Math.round(h * ratio);
  const fh = premium ? 104 : 78;
  const x = 400 - w / 2;
  const y = 90 + fh;
  const o: BagOptions = { id: 'bag', x, y, w, h, p, gloss: premium ? 0.3 : 0.16, contents: color === 'clear' };
  const body = `${floorShadow(412, y + h + 8, w * 0.55, 26)}
<g transform="rotate(-3 400 ${y + h / 2})">
${openFlap(x, y, w, fh, p, premium)}
<line x1="${x + 4}" y1="${y}" x2="${x + w - 4}" y2="${y}" stroke="${p.edge}" stroke-width="3"/>
${bagBody(o)}
</g>
${pill(label, 400, 728)}`;
  return canvas(body, bagDefs(o));
}

function mailerFlapDetail(color: string, premium: boolean): string {
  const p = paletteOf(color);
  const x = -40;
  const w = 880;
  const y = 470;
  const fh = premium ? 270 : 220;
  const top = y - fh;
  const o: BagOptions = { id: 'bag', x, y, w, h: 420, p, gloss: premium ? 0.26 : 0.14 };
  // The liner of the (upper) strip is peeled back from the right, showing the glue underneath.
  const sy = premium ? top + fh * 0.16 : top + fh * 0.3;
  const sh = premium ? fh * 0.2 : fh * 0.3;
  const peel = `<rect x="520" y="${sy}" width="270" height="${sh}" fill="#f4ecd0" stroke="#d9cfae" stroke-width="1.5"/>
<rect x="520" y="${sy + 4}" width="270" height="${sh * 0.25}" fill="#ffffff" opacity="0.55"/>
<path d="M 520 ${sy + sh} L 640 ${sy - 120} L 640 ${sy - 120 + sh} L 548 ${sy + sh + 16} Z" fill="#1f2933" opacity="0.12"/>
<path d="M 520 ${sy} Q 560 ${sy - 40} 610 ${sy - 130} L 640 ${sy - 112} Q 600 ${sy - 20} 520 ${sy + sh} Z" fill="#f3eee3" stroke="#d6cdb8" stroke-width="1.5"/>`;
  const body = `${openFlap(x, y, w, fh, p, premium)}
<rect x="520" y="${sy - 2}" width="300" height="${sh + 4}" fill="${p.inner}" fill-opacity="${p.opacity === 1 ? 1 : 0.55}"/>
${peel}
<line x1="${x}" y1="${y}" x2="${x + w}" y2="${y}" stroke="${p.edge}" stroke-width="4"/>
${bagBody(o)}
${pill(premium ? 'Double self-seal strip' : 'Self-seal adhesive strip', 400, 60)}`;
  return canvas(body, bagDefs(o));
}

function mailerStack(color: string, premium: boolean): string {
  const p = paletteOf(color);
  const angles = [-16, -7, 3, 11];
  let defs = '';
  let bags = '';
  angles.forEach((angle, i) => {
    const w = 330;
    const h = 450;
    const x = 400 - w / 2 + (i - 1.5) * 26;
    const y = 150 + i * 10;
    const o: BagOptions = { id: `b${i}`, x, y, w, h, p, gloss: premium ? 0.28 : 0.15 };
    defs += bagDefs(o);
    bags += `<g transform="rotate(${angle} 400 ${y + h})">
${softShadow(x, y, w, h, 10)}
${bagBody(o)}
<line x1="${x + 6}" y1="${y + 18}" x2="${x + w - 6}" y2="${y + 18}" stroke="${p.edge}" stroke-width="2" opacity="0.8"/>
</g>`;
  });
  return canvas(`${floorShadow(400, 640, 300, 30)}${bags}`, defs);
}

// ---------- drawing: bubble wrap ----------

/** Hexagonal bubble pattern; scale 1 gives 10 px bubbles. */
function bubbleDefs(scale = 1, id = 'bubbles'): string {
  const r = 10 * scale;
  const dx = 26 * scale;
  const dy = 22 * scale;
  // Flat circles with a highlight and a shaded rim read as bubbles and render faster than a
  // radial gradient per bubble.
  const bubble = (cx: number, cy: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#c9d6e0" fill-opacity="0.75" stroke="#9fb3c3" stroke-opacity="0.6" stroke-width="${scale}"/>
<circle cx="${cx - r * 0.12}" cy="${cy - r * 0.14}" r="${r * 0.8}" fill="#f6f9fb" fill-opacity="0.9"/>
<ellipse cx="${cx - r * 0.35}" cy="${cy - r * 0.4}" rx="${r * 0.32}" ry="${r * 0.2}" fill="#ffffff" transform="rotate(-30 ${cx - r * 0.35} ${cy - r * 0.4})"/>`;
  // librsvg pays per tile drawn, so each tile holds 4 x 4 bubbles rather than one.
  const cols = 4;
  const rows = 4;
  let tile = '';
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i <= cols; i++) tile += bubble(i * dx + (j % 2 === 0 ? dx / 2 : 0), j * dy + dy / 2);
  }
  return `<pattern id="${id}" width="${dx * cols}" height="${dy * rows}" patternUnits="userSpaceOnUse">${tile}</pattern>`;
}

/** A rectangle of bubble film: translucent base, bubbles, flat sealed border. */
function bubbleFilm(x: number, y: number, w: number, h: number, rx = 6, id = 'bubbles'): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="#e3eaf0" fill-opacity="0.9" stroke="#a8b8c5" stroke-width="2"/>
<rect x="${x + 8}" y="${y + 8}" width="${w - 16}" height="${h - 16}" fill="url(#${id})"/>`;
}

function bubbleCloseUp(): string {
  return canvas(
    `<rect width="800" height="800" fill="#dfe7ee"/><rect width="800" height="800" fill="url(#bubbles)"/>
<rect width="800" height="800" fill="url(#light)"/>`,
    `${bubbleDefs(3.2)}<linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.25"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#51606d" stop-opacity="0.3"/></linearGradient>`,
  );
}

function bubbleRoll(): string {
  const cy = 300;
  const ry = 135;
  const shade = `<linearGradient id="cyl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.8" stop-color="#4d6070" stop-opacity="0.18"/><stop offset="1" stop-color="#4d6070" stop-opacity="0.32"/></linearGradient>
<linearGradient id="tail" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4d6070" stop-opacity="0.25"/><stop offset="0.3" stop-color="#4d6070" stop-opacity="0"/></linearGradient>`;
  const rings = [0.86, 0.72, 0.58, 0.44, 0.3]
    .map((k) => `<ellipse cx="600" cy="${cy}" rx="${55 * k}" ry="${ry * k}" fill="none" stroke="#9fb1c0" stroke-width="2" opacity="0.8"/>`)
    .join('');
  const cylinder = `M 190 ${cy - ry} L 600 ${cy - ry} A 55 ${ry} 0 0 1 600 ${cy + ry} L 190 ${cy + ry} A 55 ${ry} 0 0 1 190 ${cy - ry} Z`;
  const body = `${floorShadow(400, 690, 330, 34)}
<path d="M 192 ${cy + ry - 14} L 598 ${cy + ry - 14} L 660 700 L 130 700 Z" fill="#e3eaf0" fill-opacity="0.9" stroke="#a8b8c5" stroke-width="2"/>
<path d="M 200 ${cy + ry - 10} L 592 ${cy + ry - 10} L 648 692 L 142 692 Z" fill="url(#bubbles)"/>
<path d="M 192 ${cy + ry - 14} L 598 ${cy + ry - 14} L 660 700 L 130 700 Z" fill="url(#tail)"/>
<path d="${cylinder}" fill="#e3eaf0" stroke="#a8b8c5" stroke-width="2"/>
<path d="${cylinder}" fill="url(#bubbles)"/>
<path d="${cylinder}" fill="url(#cyl)"/>
<ellipse cx="600" cy="${cy}" rx="55" ry="${ry}" fill="#e6edf2" stroke="#a8b8c5" stroke-width="2"/>
${rings}
<ellipse cx="600" cy="${cy}" rx="11" ry="28" fill="#5f6f7c"/>`;
  return canvas(body, bubbleDefs(1) + shade, ['#f4f6f9', '#cdd5dd']);
}

function bubbleSheets(label: string): string {
  const sheets = [
    [-11, 200, 150],
    [6, 210, 140],
    [-2, 190, 120],
  ]
    .map(
      ([angle, x, y]) => `<g transform="rotate(${angle} 400 400)">
${softShadow(x, y, 400, 500, 6)}
${bubbleFilm(x, y, 400, 500)}</g>`,
    )
    .join('');
  return canvas(`${floorShadow(400, 650, 280, 30)}${sheets}${pill(label, 400, 712)}`, bubbleDefs(1.2), ['#f4f6f9', '#cdd5dd']);
}

/** A bubble pouch: bubble body with a smooth fold-over flap standing open. */
function pouch(x: number, y: number, w: number, h: number): string {
  const fh = h * 0.16;
  return `${softShadow(x, y, w, h, 8)}
<path d="M ${x + 4} ${y} L ${x + 4} ${y - fh + 10} Q ${x + 4} ${y - fh} ${x + 14} ${y - fh} L ${x + w - 14} ${y - fh} Q ${x + w - 4} ${y - fh} ${x + w - 4} ${y - fh + 10} L ${x + w - 4} ${y} Z" fill="#eef3f7" fill-opacity="0.85" stroke="#a8b8c5" stroke-width="2"/>
${liner(x + 18, y - fh * 0.68, w - 36, fh * 0.3)}
${bubbleFilm(x, y, w, h, 8)}
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="url(#pouchShade)"/>`;
}

const POUCH_SHADE = `<linearGradient id="pouchShade" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#4d6070" stop-opacity="0.18"/></linearGradient>`;

function bubblePouch(label: string): string {
  return canvas(
    `${floorShadow(400, 660, 220, 28)}<g transform="rotate(-3 400 400)">${pouch(230, 210, 340, 440)}</g>${pill(label, 400, 720)}`,
    bubbleDefs(1) + POUCH_SHADE,
    ['#f4f6f9', '#cdd5dd'],
  );
}

function bubblePouchFan(): string {
  const body = `${floorShadow(400, 660, 330, 30)}
<g transform="rotate(-9 260 600)">${pouch(110, 230, 280, 400)}</g>
<g transform="rotate(7 560 600)">${pouch(430, 300, 240, 320)}</g>
<g transform="rotate(-1 400 600)">${pouch(300, 400, 200, 240)}</g>`;
  return canvas(body, bubbleDefs(0.9) + POUCH_SHADE, ['#f4f6f9', '#cdd5dd']);
}

// ---------- drawing: tape, labels and stickers ----------

function tapeRoll(): string {
  const cx = 370;
  const cy = 370;
  const r = 230;
  const depth = 90;
  const layers = [0.93, 0.86, 0.79, 0.72, 0.65, 0.58]
    .map((k) => `<circle cx="${cx}" cy="${cy}" r="${r * k}" fill="none" stroke="#c9b277" stroke-width="1.5" opacity="0.55"/>`)
    .join('');
  const defs = `<linearGradient id="side" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1e3b8"/><stop offset="0.5" stop-color="#e2cd92"/><stop offset="1" stop-color="#c8ae6c"/></linearGradient>
<radialGradient id="face" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#fbf3da"/><stop offset="1" stop-color="#e6d49f"/></radialGradient>`;
  const body = `${floorShadow(420, cy + r + 10, 300, 30)}
<path d="M ${cx} ${cy - r} L ${cx + depth} ${cy - r} A ${r} ${r} 0 0 1 ${cx + depth} ${cy + r} L ${cx} ${cy + r} Z" fill="url(#side)" stroke="#c4aa6a" stroke-width="2"/>
<line x1="${cx}" y1="${cy - r + 6}" x2="${cx + depth}" y2="${cy - r + 6}" stroke="#ffffff" stroke-width="4" opacity="0.7"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#face)" stroke="#c4aa6a" stroke-width="2"/>
${layers}
<circle cx="${cx}" cy="${cy}" r="${r * 0.5}" fill="#c99d62" stroke="#a8804a" stroke-width="2"/>
<circle cx="${cx}" cy="${cy}" r="${r * 0.44}" fill="#e9edf1" stroke="#a8804a" stroke-width="2"/>
<path d="M ${cx - r * 0.7} ${cy - r * 0.55} A ${r * 0.9} ${r * 0.9} 0 0 1 ${cx + r * 0.2} ${cy - r * 0.88}" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.7"/>
${pill('48 mm × 100 m', 400, 728)}`;
  return canvas(body, defs);
}

function cartonWithTape(): string {
  const body = `${floorShadow(400, 650, 280, 34)}
<polygon points="400,200 650,310 400,420 150,310" fill="#dcb47c" stroke="#b48a55" stroke-width="2"/>
<polygon points="150,310 400,420 400,660 150,550" fill="#c69862" stroke="#a97d4a" stroke-width="2"/>
<polygon points="400,420 650,310 650,550 400,660" fill="#b0834f" stroke="#976c3c" stroke-width="2"/>
<line x1="275" y1="255" x2="525" y2="365" stroke="#9c7442" stroke-width="3"/>
<polygon points="257,263 293,247 543,357 507,373" fill="#f7efd6" fill-opacity="0.7" stroke="#fffaf0" stroke-width="3"/>
<polygon points="266,259 275,255 525,365 516,369" fill="#ffffff" opacity="0.7"/>
<polygon points="507,373 543,357 543,450 507,466" fill="#f7efd6" fill-opacity="0.6" stroke="#fffaf0" stroke-width="3"/>
<text x="178" y="452" font-family="${FONT}" font-size="28" font-weight="700" fill="#8d6536" transform="rotate(23.7 178 452)">THIS SIDE UP</text>`;
  return canvas(body);
}

/** Deterministic barcode bars for a shipping label. */
function barcode(x: number, y: number, w: number, h: number): string {
  let bars = '';
  let cursor = x;
  let i = 0;
  while (cursor < x + w) {
    const width = 2 + ((i * 7 + 3) % 5);
    if (i % 2 === 0) bars += `<rect x="${cursor}" y="${y}" width="${width}" height="${h}" fill="#111827"/>`;
    cursor += width;
    i++;
  }
  return bars;
}

/** A printed 100 x 150 courier waybill. */
function shippingLabel(x: number, y: number, w: number, h: number): string {
  const line = (ly: number, lw: number) => `<rect x="${x + 24}" y="${ly}" width="${lw}" height="10" rx="3" fill="#9aa3ae"/>`;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="#ffffff" stroke="#cfd5dc" stroke-width="2"/>
<text x="${x + 24}" y="${y + 46}" font-family="${FONT}" font-size="26" font-weight="700" fill="#111827">EXPRESS</text>
<rect x="${x + w - 84}" y="${y + 18}" width="60" height="40" rx="4" fill="#111827"/>
<text x="${x + w - 54}" y="${y + 47}" font-family="${FONT}" font-size="22" font-weight="700" fill="#ffffff" text-anchor="middle">SG</text>
<line x1="${x + 14}" y1="${y + 74}" x2="${x + w - 14}" y2="${y + 74}" stroke="#111827" stroke-width="3"/>
${line(y + 96, w * 0.35)}${line(y + 116, w * 0.55)}${line(y + 136, w * 0.45)}
<text x="${x + 24}" y="${y + 190}" font-family="${FONT}" font-size="20" font-weight="700" fill="#111827">SHIP TO</text>
${line(y + 206, w * 0.7)}${line(y + 228, w * 0.6)}${line(y + 250, w * 0.5)}
<line x1="${x + 14}" y1="${y + 280}" x2="${x + w - 14}" y2="${y + 280}" stroke="#111827" stroke-width="3"/>
${barcode(x + 26, y + 300, w - 52, h - 350)}`;
}

function labelStack(): string {
  let slabs = '';
  for (let i = 9; i >= 1; i--) {
    slabs += `<rect x="${250 + i * 4}" y="${140 + i * 7}" width="300" height="450" rx="10" fill="#ffffff" stroke="#c9d0d8" stroke-width="1.5"/>`;
  }
  const body = `${floorShadow(410, 640, 220, 26)}<g transform="rotate(-5 400 400)">${slabs}${shippingLabel(250, 140, 300, 450)}</g>${pill('100 × 150 mm', 400, 716)}`;
  return canvas(body, '', ['#f1f3f6', '#c9d1da']);
}

function labelOnMailer(): string {
  const p = paletteOf('black');
  const o: BagOptions = { id: 'bag', x: 190, y: 90, w: 420, h: 590, p, gloss: 0.16 };
  const body = `${floorShadow(410, 690, 260, 26)}<g transform="rotate(-4 400 400)">${bagBody(o)}
<g transform="rotate(3 400 380)">${shippingLabel(280, 190, 240, 360)}</g></g>`;
  return canvas(body, bagDefs(o));
}

/** A broken wine glass, the usual fragile symbol. */
function brokenGlass(cx: number, cy: number, s: number): string {
  return `<path d="M ${cx - 22 * s} ${cy - 40 * s} L ${cx + 22 * s} ${cy - 40 * s} Q ${cx + 24 * s} ${cy} ${cx} ${cy + 6 * s} Q ${cx - 24 * s} ${cy} ${cx - 22 * s} ${cy - 40 * s} Z M ${cx - 3 * s} ${cy + 6 * s} L ${cx - 3 * s} ${cy + 34 * s} L ${cx - 16 * s} ${cy + 40 * s} L ${cx + 16 * s} ${cy + 40 * s} L ${cx + 3 * s} ${cy + 34 * s} L ${cx + 3 * s} ${cy + 6 * s} Z" fill="#ffffff"/>
<path d="M ${cx - 4 * s} ${cy - 40 * s} L ${cx + 4 * s} ${cy - 26 * s} L ${cx - 5 * s} ${cy - 16 * s} L ${cx + 5 * s} ${cy - 4 * s}" fill="none" stroke="#d7262e" stroke-width="${3.5 * s}"/>`;
}

/** A red FRAGILE sticker; laid out on a 220 x 140 grid and scaled to h. */
function fragileSticker(x: number, y: number, w: number, h: number): string {
  const s = h / 140;
  const textX = x + w / 2 + 26 * s;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${12 * s}" fill="#d7262e"/>
<rect x="${x + 7 * s}" y="${y + 7 * s}" width="${w - 14 * s}" height="${h - 14 * s}" rx="${8 * s}" fill="none" stroke="#ffffff" stroke-width="${3 * s}"/>
${brokenGlass(x + 40 * s, y + h / 2 - 4 * s, 0.95 * s)}
<text x="${textX}" y="${y + h / 2 + 6 * s}" font-family="${FONT}" font-size="${27 * s}" font-weight="700" fill="#ffffff" text-anchor="middle">FRAGILE</text>
<text x="${textX}" y="${y + h / 2 + 30 * s}" font-family="${FONT}" font-size="${11 * s}" font-weight="700" fill="#ffffff" text-anchor="middle">HANDLE WITH CARE</text>`;
}

function stickerRoll(): string {
  const cx = 250;
  const cy = 290;
  const r = 175;
  const rings = Array.from({ length: 12 }, (_, i) => r - 8 - i * 7)
    .map((rr) => `<circle cx="${cx}" cy="${cy}" r="${rr}" fill="none" stroke="#d7262e" stroke-width="2.5" opacity="0.75"/>`)
    .join('');
  const body = `${floorShadow(430, 640, 330, 30)}
<g transform="rotate(7 ${cx} ${cy + r})">
<rect x="${cx}" y="${cy + r - 150}" width="520" height="150" fill="#f7f5f0" stroke="#d9d4ca" stroke-width="2"/>
${fragileSticker(cx + 44, cy + r - 136, 200, 127)}${fragileSticker(cx + 292, cy + r - 136, 200, 127)}
</g>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#f7f5f0" stroke="#cfc8bb" stroke-width="2"/>
${rings}
<circle cx="${cx}" cy="${cy}" r="${r * 0.42}" fill="#c99d62" stroke="#a8804a" stroke-width="2"/>
<circle cx="${cx}" cy="${cy}" r="${r * 0.36}" fill="#e9edf1" stroke="#a8804a" stroke-width="2"/>`;
  return canvas(body);
}

function stickerCloseUp(): string {
  const body = `<rect width="800" height="800" fill="url(#kraft)"/>
<g transform="rotate(-5 400 400)">${softShadow(120, 220, 560, 356, 30, 0.1)}${fragileSticker(120, 220, 560, 356)}</g>`;
  return canvas(body, `<linearGradient id="kraft" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dcb47c"/><stop offset="1" stop-color="#b98a52"/></linearGradient>`);
}

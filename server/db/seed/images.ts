// Product and gift pictures for the demo catalogue, drawn as SVG and encoded to WebP with sharp, so
// that a fresh install looks like a real shop without downloading anything.
import sharp from 'sharp';
import type { ImageStorage } from '../../storage/image-storage';
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
          const bytes = await render(view.key, view.svg, SIZE);
          const url = await storage.save(`seed/${product.slug}-${position + 1}.webp`, bytes);
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

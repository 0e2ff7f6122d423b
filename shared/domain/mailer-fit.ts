// Which flat mailer fits an item (docs/spec/storefront.md chat sizing). A polymailer is flat, so a parcel with
// depth uses some of the bag's width and height to wrap around its sides, and the seal needs room
// above the item before the flap folds over. The allowances are what packers use in practice.

/** Extra width beyond item width + depth, so the bag closes without straining the side seams. */
export const WIDTH_ALLOWANCE_CM = 2;
/** Extra height beyond item length + depth, for the adhesive flap to fold over and seal. */
export const FLAP_ALLOWANCE_CM = 3;

export interface ItemDimensions {
  lengthCm: number;
  widthCm: number;
  depthCm: number;
}

export interface MailerSize {
  widthCm: number;
  heightCm: number;
}

/** Longest side first, then the other footprint side, then the thinnest side as the depth. */
export function normaliseItem(dims: readonly number[]): ItemDimensions {
  const sorted = dims.filter((d) => Number.isFinite(d) && d > 0).sort((a, b) => b - a);
  const [lengthCm = 0, widthCm = 0, depthCm = 0] = sorted;
  return { lengthCm, widthCm, depthCm };
}

/** Smallest mailer (width x height) an item needs when laid flat with its long side along the height. */
export function requiredMailer(item: ItemDimensions): MailerSize {
  return {
    widthCm: round1(item.widthCm + item.depthCm + WIDTH_ALLOWANCE_CM),
    heightCm: round1(item.lengthCm + item.depthCm + FLAP_ALLOWANCE_CM),
  };
}

/** True when the item fits either way round (long side along the bag's height or its width). */
export function fitsMailer(item: ItemDimensions, mailer: MailerSize): boolean {
  const need = requiredMailer(item);
  const upright = mailer.widthCm >= need.widthCm && mailer.heightCm >= need.heightCm;
  const sideways =
    mailer.widthCm >= round1(item.lengthCm + item.depthCm + WIDTH_ALLOWANCE_CM) &&
    mailer.heightCm >= round1(item.widthCm + item.depthCm + FLAP_ALLOWANCE_CM);
  return upright || sideways;
}

/** Sizes that fit, smallest bag (by area) first; ties keep the narrower bag first. */
export function fittingMailers<T extends MailerSize>(item: ItemDimensions, sizes: readonly T[]): T[] {
  return sizes
    .filter((s) => fitsMailer(item, s))
    .sort((a, b) => a.widthCm * a.heightCm - b.widthCm * b.heightCm || a.widthCm - b.widthCm);
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

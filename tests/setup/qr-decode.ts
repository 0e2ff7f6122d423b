import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';

/** Reads the text of the QR code in a PNG (as a phone camera would), or null when none is found. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data ?? null;
}

/** Rasterises an SVG QR code (sharp) and reads it back. */
export async function decodeQrSvg(svg: string): Promise<string | null> {
  const png = await sharp(Buffer.from(svg), { density: 300 }).resize(400, 400).flatten({ background: '#ffffff' }).png().toBuffer();
  return decodeQrPng(png);
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LocalImageStorage } from './image-storage';
import { readVariant, storeSourceImage } from './image-variants';

/** A disk store that counts its writes. */
class CountingStorage extends LocalImageStorage {
  saves: string[] = [];
  override save(name: string, bytes: Buffer): Promise<string> {
    this.saves.push(name);
    return super.save(name, bytes);
  }
}

describe('responsive copies', () => {
  it('makes a copy once when several requests ask for it at the same time, then serves the stored one', async () => {
    const storage = new CountingStorage(mkdtempSync(join(tmpdir(), 'packshop-variants-')));
    const webp = await sharp({ create: { width: 500, height: 250, channels: 3, background: '#16a34a' } }).webp().toBuffer();
    const url = await storeSourceImage(storage, webp);
    expect(url).toMatch(/^\/uploads\/img\/[0-9a-f]{20}-500x250\.webp$/);
    const name = url.replace('/uploads/', '').replace('.webp', '-320.avif');
    storage.saves = [];

    const answers = await Promise.all([readVariant(storage, name), readVariant(storage, name), readVariant(storage, name)]);
    expect(storage.saves).toEqual([name]);
    expect(answers.every((a) => a?.etag === answers[0]?.etag && a?.contentType === 'image/avif')).toBe(true);
    expect(await sharp(answers[0]!.bytes).metadata()).toMatchObject({ width: 320, height: 160 });

    expect(await readVariant(storage, name)).not.toBeNull();
    expect(storage.saves).toHaveLength(1);
  });

  it('answers null for a copy of a source the store does not hold, and stores nothing', async () => {
    const storage = new CountingStorage(mkdtempSync(join(tmpdir(), 'packshop-variants-')));
    expect(await readVariant(storage, `img/${'a'.repeat(20)}-500x250-320.avif`)).toBeNull();
    expect(await readVariant(storage, `img/${'a'.repeat(20)}-500x250-400.avif`)).toBeNull();
    expect(storage.saves).toEqual([]);
  });
});

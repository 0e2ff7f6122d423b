import type { ImageStorage } from './image-storage';

/** Copies every image of one backend into another (same names, same bytes); returns how many. */
export async function moveImages(from: ImageStorage, to: ImageStorage, onEach?: (name: string) => void): Promise<number> {
  let count = 0;
  for (const name of await from.list()) {
    const image = await from.read(name);
    if (!image) continue;
    await to.save(name, image.bytes);
    onEach?.(name);
    count++;
  }
  return count;
}

import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where uploaded and seeded images live. Local disk under DATA_DIR/uploads by default, served by
 * the app at /uploads; an S3-compatible store can implement the same interface.
 */
export interface ImageStorage {
  /** Stores the bytes under a name (e.g. "products/abc.webp") and returns the public URL. */
  save(name: string, bytes: Buffer): Promise<string>;
}

export class LocalImageStorage implements ImageStorage {
  constructor(
    readonly dir: string,
    readonly urlPrefix = '/uploads',
  ) {
    mkdirSync(dir, { recursive: true });
  }

  async save(name: string, bytes: Buffer): Promise<string> {
    const safe = name.replace(/[^a-zA-Z0-9._/-]/g, '_').replace(/\.\.+/g, '.');
    const path = join(this.dir, safe);
    mkdirSync(join(path, '..'), { recursive: true });
    await writeFile(path, bytes);
    return `${this.urlPrefix}/${safe}`;
  }
}

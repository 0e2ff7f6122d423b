import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { BackupDamagedError, type BackupManifest } from './types';

export const MANIFEST_ENTRY = 'manifest.json';
export const DUMP_ENTRY = 'dump.sql';
export const IMAGES_PREFIX = 'images/';
const MAX_MANIFEST_BYTES = 1024 * 1024;

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string().datetime(),
  schemaVersion: z.string().max(200),
  databaseKind: z.enum(['embedded', 'postgres']),
  rowCounts: z.record(z.string().max(200), z.number().int().min(0)),
  images: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  dumpBytes: z.number().int().min(0),
  app: z.string().max(200),
});

export function parseManifest(bytes: Buffer, file: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupDamagedError(`${file} is damaged: its manifest is not valid JSON.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupDamagedError(`${file} is not a PackShop backup this version can read: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  return parsed.data as BackupManifest;
}

/** One image file of the disk store, as listed before the archive is written. */
export interface ImageFile {
  /** Path relative to the store's directory, with forward slashes (the name the store uses). */
  name: string;
  size: number;
  sha256: string;
}

/** The checksum of the images part: every image's name, size and sha256, one line each, in archive order. */
export function hashImageList(images: ImageFile[]): string {
  const hash = createHash('sha256');
  for (const image of images) hash.update(`${image.name}\0${image.size}\0${image.sha256}\n`);
  return hash.digest('hex');
}

/** Every file under the disk image store, sorted by name, with its checksum. */
export async function scanImages(dir: string): Promise<ImageFile[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const names = entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
  const files: ImageFile[] = [];
  for (const name of names) {
    const bytes = await readFile(join(dir, name));
    files.push({ name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  return files;
}

type EntryHeader = Pick<tar.Header, 'name' | 'mode' | 'mtime'>;

/** Waits until the pack has taken an entry (its callback), rejecting on error. */
function addBuffer(pack: tar.Pack, header: EntryHeader, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ ...header, size: bytes.length }, bytes, (err) => (err ? reject(err) : resolve()));
  });
}

async function addFile(pack: tar.Pack, header: EntryHeader, path: string, size: number): Promise<void> {
  let entry!: ReturnType<tar.Pack['entry']>;
  const done = new Promise<void>((resolve, reject) => {
    entry = pack.entry({ ...header, size }, (err) => (err ? reject(err) : resolve()));
  });
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    if (!entry.write(chunk)) await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
  }
  entry.end(null); // streamx: end(data) with null writes nothing
  await done;
}

/** Streams manifest, dump and images into a tar.gz readable for the caller to pipe to a file. */
export function packArchive(manifest: BackupManifest, dumpPath: string, imagesDir: string | undefined, images: ImageFile[]): { stream: Readable; filled: Promise<void> } {
  const pack = tar.pack();
  const mtime = new Date(manifest.createdAt);
  const filled = (async () => {
    try {
      await addBuffer(pack, { name: MANIFEST_ENTRY, mode: 0o600, mtime }, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      await addFile(pack, { name: DUMP_ENTRY, mode: 0o600, mtime }, dumpPath, manifest.dumpBytes);
      for (const image of images) {
        const bytes = await readFile(join(imagesDir!, image.name));
        // Images are written once under a fresh name; one that changed under us would break the checksum.
        if (bytes.length !== image.size || createHash('sha256').update(bytes).digest('hex') !== image.sha256) {
          throw new Error(`The image ${image.name} changed while the backup was written; run the backup again.`);
        }
        await addBuffer(pack, { name: `${IMAGES_PREFIX}${image.name}`, mode: 0o644, mtime }, bytes);
      }
      pack.finalize();
    } catch (err) {
      pack.destroy(err as Error);
      throw err;
    }
  })();
  filled.catch(() => undefined);
  return { stream: pack as unknown as Readable, filled };
}

export interface ArchiveEntry {
  name: string;
  size: number;
  stream: AsyncIterable<Buffer>;
}

/**
 * The entries of a backup file in order. A truncated or corrupted file fails as BackupDamagedError
 * (gzip's checksum and length, tar's block structure); `return` from the loop stops reading early.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  const extract = tar.extract();
  const fail = (err: Error) => extract.destroy(err);
  source.on('error', fail);
  gunzip.on('error', fail);
  source.pipe(gunzip).pipe(extract as unknown as NodeJS.WritableStream);
  const damaged = (err: unknown) => {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT' || e.code === 'EACCES' || e.code === 'EISDIR') return e;
    return new BackupDamagedError(`${file} is damaged or incomplete (${describe(e)}); it cannot be used.`);
  };
  // Errors reach whoever is reading: this loop, or the caller reading an entry's bytes.
  async function* guarded(entry: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of entry) yield chunk;
    } catch (err) {
      throw damaged(err);
    }
  }
  try {
    for await (const entry of extract) {
      yield { name: entry.header.name, size: entry.header.size ?? 0, stream: guarded(entry as unknown as AsyncIterable<Buffer>) };
      entry.resume();
    }
  } catch (err) {
    throw damaged(err);
  } finally {
    source.destroy();
    gunzip.destroy();
    extract.destroy();
  }
}

function describe(err: NodeJS.ErrnoException): string {
  if (err.code === 'Z_BUF_ERROR' || /unexpected end/i.test(err.message)) return 'the file ends early';
  if (err.code === 'Z_DATA_ERROR') return 'its compressed data is corrupt';
  return err.message;
}

export async function readAll(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw new Error(`entry larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export { MAX_MANIFEST_BYTES };

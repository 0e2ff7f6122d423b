import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { PrismaClient } from '@prisma/client';
import { upsertStoredImage } from './image-storage.sql';

/**
 * Where uploaded and seeded images live, behind one small interface so that another store can
 * replace the directory: a name such as "products/<uuid>.webp" in, the public URL (/uploads/<name>)
 * out, and the bytes back for server/http/images.http.ts, which serves every backend alike (ETag,
 * long-lived caching, 304). Backends: the local directory under DATA_DIR (the embedded default) and
 * PostgreSQL (IMAGE_STORE=db, the default with DATABASE_URL), which every instance shares.
 * docs/deploy.md explains how an S3-compatible store would implement the same four methods.
 */
export interface StoredImage {
  bytes: Buffer;
  contentType: string;
  /** Quoted strong ETag. */
  etag: string;
}

export interface ImageStorage {
  readonly kind: 'disk' | 'db';
  /** Stores the bytes under a name (overwriting) and returns the public URL. */
  save(name: string, bytes: Buffer): Promise<string>;
  /** The image stored under this name, or null. */
  read(name: string): Promise<StoredImage | null>;
  /** Every stored name (for moving images between backends). */
  list(): Promise<string[]>;
}

const URL_PREFIX = '/uploads';

/** Names are relative paths of safe characters; anything else is rewritten, never trusted. */
function safeImageName(name: string): string {
  return name
    .replace(/[^a-zA-Z0-9._/-]/g, '_')
    .replace(/\.\.+/g, '.')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+/, '');
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', avif: 'image/avif', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', svg: 'image/svg+xml', gif: 'image/gif' };
const contentTypeOf = (name: string) => CONTENT_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;

export class LocalImageStorage implements ImageStorage {
  readonly kind = 'disk';
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  async save(name: string, bytes: Buffer): Promise<string> {
    const safe = safeImageName(name);
    const path = join(this.dir, safe);
    mkdirSync(join(path, '..'), { recursive: true });
    await writeFile(path, bytes);
    return `${URL_PREFIX}/${safe}`;
  }

  async read(name: string): Promise<StoredImage | null> {
    const safe = safeImageName(name);
    if (safe !== name || !safe) return null;
    try {
      const bytes = await readFile(join(this.dir, safe));
      return { bytes, contentType: contentTypeOf(safe), etag: etagOf(bytes) };
    } catch {
      return null;
    }
  }

  async list(): Promise<string[]> {
    const entries = await readdir(this.dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => relative(this.dir, join(e.parentPath, e.name)).split(sep).join('/'));
  }
}

/**
 * Images in the StoredImage table: each resized WebP variant is stored once, with its ETag, and any
 * instance on the same database serves it. Reads of a name not in the table fall back to the local
 * directory (images uploaded before the switch) until `npm run images:move -- --to db` moves them.
 */
export class DbImageStorage implements ImageStorage {
  readonly kind = 'db';
  constructor(
    private readonly db: PrismaClient,
    private readonly fallback?: ImageStorage,
  ) {}

  async save(name: string, bytes: Buffer): Promise<string> {
    const safe = safeImageName(name);
    await upsertStoredImage(this.db, { name: safe, contentType: contentTypeOf(safe), etag: etagOf(bytes), bytes });
    return `${URL_PREFIX}/${safe}`;
  }

  async read(name: string): Promise<StoredImage | null> {
    if (safeImageName(name) !== name || !name) return null;
    const row = await this.db.storedImage.findUnique({ where: { name }, select: { bytes: true, contentType: true, etag: true } });
    if (row) return { bytes: Buffer.from(row.bytes), contentType: row.contentType, etag: row.etag };
    return this.fallback ? this.fallback.read(name) : null;
  }

  async list(): Promise<string[]> {
    return (await this.db.storedImage.findMany({ select: { name: true }, orderBy: { name: 'asc' } })).map((r) => r.name);
  }
}

/** The backend IMAGE_STORE chose (server/env.ts: db by default with DATABASE_URL, else disk). */
export function openImageStorage(kind: 'disk' | 'db', db: PrismaClient, uploadsDir: string): ImageStorage {
  const local = new LocalImageStorage(uploadsDir);
  return kind === 'db' ? new DbImageStorage(db, local) : local;
}

import { Router } from 'express';
import { parseVariantName, RESPONSIVE_SOURCE_PATTERN } from '../../shared/domain/responsive-images';
import type { ImageStorage, StoredImage } from '../storage/image-storage';
import { readVariant } from '../storage/image-variants';

// Every stored image is served here, from whichever backend holds it. A name is never reused for
// other bytes (uploads get a new UUID; seed images are the same bytes each time), so answers are
// cached for a year by browsers and proxies, and a revalidation by ETag answers 304 without a body.
// Names under img/ carry the hash of their content, so they are also immutable: a browser never
// revalidates them. Under img/ only a source or one of its copies is a name at all; a copy is
// made from its source on first request (server/storage/image-variants.ts).
const ONE_YEAR = 365 * 24 * 3600;
const RESPONSIVE_SOURCE = new RegExp(`^${RESPONSIVE_SOURCE_PATTERN}$`);

function readImage(storage: ImageStorage, name: string): Promise<StoredImage | null> {
  if (!name.startsWith('img/')) return storage.read(name);
  if (RESPONSIVE_SOURCE.test(name)) return storage.read(name);
  return parseVariantName(name) ? readVariant(storage, name) : Promise.resolve(null);
}

export function imagesRoute(storage: ImageStorage): Router {
  const r = Router();
  r.get('/{*name}', (req, res, next) => {
    const raw = req.params.name;
    const name = Array.isArray(raw) ? raw.join('/') : String(raw ?? '');
    readImage(storage, name).then((image) => {
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      if (!image) return void res.status(404).type('text/plain').send('Not found');
      res.setHeader('ETag', image.etag);
      res.setHeader('Cache-Control', name.startsWith('img/') ? `public, max-age=${ONE_YEAR}, immutable` : `public, max-age=${ONE_YEAR}`);
      const sent = req.headers['if-none-match'];
      if (sent && sent.split(',').some((t) => t.trim().replace(/^W\//, '') === image.etag)) return void res.status(304).end();
      res.type(image.contentType).send(image.bytes);
    }, next);
  });
  return r;
}

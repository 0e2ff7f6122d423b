import { Router } from 'express';
import type { ImageStorage } from '../storage/image-storage';

// Every stored image is served here, from whichever backend holds it. A name is never reused for
// other bytes (uploads get a new UUID; seed images are the same bytes each time), so answers are
// cached for a year by browsers and proxies, and a revalidation by ETag answers 304 without a body.
const ONE_YEAR = 365 * 24 * 3600;

export function imagesRoute(storage: ImageStorage): Router {
  const r = Router();
  r.get('/{*name}', (req, res, next) => {
    const raw = req.params.name;
    const name = Array.isArray(raw) ? raw.join('/') : String(raw ?? '');
    storage.read(name).then((image) => {
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      if (!image) return void res.status(404).type('text/plain').send('Not found');
      res.setHeader('ETag', image.etag);
      res.setHeader('Cache-Control', `public, max-age=${ONE_YEAR}`);
      const sent = req.headers['if-none-match'];
      if (sent && sent.split(',').some((t) => t.trim().replace(/^W\//, '') === image.etag)) return void res.status(304).end();
      res.type(image.contentType).send(image.bytes);
    }, next);
  });
  return r;
}

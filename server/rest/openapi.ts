import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { appRouter } from '../trpc/root';
import { uploadImagesPaths } from './upload-images.route';

let cached: OpenAPIObject | undefined;

/**
 * The OpenAPI document of the /api door, generated from the same zod schemas as the procedures,
 * plus the hand-written entries of the plain routes (listed here, explicitly).
 */
export function openApiDocument(): OpenAPIObject {
  cached ??= (() => {
    const doc = generateOpenApiDocument(appRouter, {
      title: 'PackShop REST API',
      description:
        'REST access to the packaging shop. Send `Authorization: Bearer <access_token>` (from /auth/login or /auth/register) ' +
        'for signed-in calls and `X-Session-Id: guest_<timestamp>_<random>` for a guest cart. Errors are JSON `{ "detail": "..." }` ' +
        'with 400 (bad input), 401 (no or expired session), 403 (wrong role), 404 (unknown id), 409 (conflict, e.g. stock ran out), ' +
        '413 (too large), 415 (unsupported body encoding) or 429 (too many attempts). Text may not contain NUL bytes or unpaired ' +
        'surrogates, and JSON bodies may nest at most 32 levels (400 otherwise).',
      version: '1.0.0',
      baseUrl: '/api',
      securitySchemes: { Authorization: { type: 'http', scheme: 'bearer' } },
    });
    doc.paths = { ...doc.paths, ...uploadImagesPaths };
    return doc;
  })();
  return cached;
}

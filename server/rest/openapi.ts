import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { appRouter } from '../trpc/root';
import { extraRestPaths } from './extra-paths';

let cached: OpenAPIObject | undefined;

/** The OpenAPI document of the /api door, generated from the same zod schemas as the procedures. */
export function openApiDocument(): OpenAPIObject {
  cached ??= (() => {
    const doc = generateOpenApiDocument(appRouter, {
      title: 'PackShop REST API',
      description:
        'REST access to the packaging shop. Send `Authorization: Bearer <access_token>` (from /auth/login or /auth/register) ' +
        'for signed-in calls and `X-Session-Id: guest_<timestamp>_<random>` for a guest cart. Errors are JSON `{ "detail": "..." }` ' +
        'with 400 (bad input), 401 (no or expired session), 403 (wrong role), 404 (unknown id), 409 (conflict, e.g. stock ran out), ' +
        '413 (too large) or 429 (too many attempts).',
      version: '1.0.0',
      baseUrl: '/api',
      securitySchemes: { Authorization: { type: 'http', scheme: 'bearer' } },
    });
    doc.paths = { ...doc.paths, ...extraRestPaths() };
    return doc;
  })();
  return cached;
}

import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { BACK_OFFICE_OPERATIONS } from '../../shared/domain/permissions';
import { scopeForProcedure } from '../auth/scopes';
import { appRouter } from '../trpc/root';
import { addPlainRoutePaths } from './plain-route';
import { PLAIN_ROUTES } from './plain-routes';

let cached: OpenAPIObject | undefined;

/**
 * The OpenAPI document of the /api door, generated from the same zod schemas as the procedures,
 * plus the entries of the plain routes, each written beside its route (plain-routes.ts).
 */
export function openApiDocument(): OpenAPIObject {
  cached ??= (() => {
    const doc = generateOpenApiDocument(appRouter, {
      title: 'PackShop REST API',
      description:
        'REST access to the packaging shop. Send `Authorization: Bearer <access_token>` (from /auth/login or /auth/register) ' +
        'for signed-in calls and `X-Session-Id: guest_<timestamp>_<random>` for a guest cart and chat: the timestamp in digits, the ' +
        'random part 32 to 64 characters of A-Z a-z 0-9 - _ from at least 128 random bits (e.g. 16 random bytes in hex); the cart, ' +
        'chat, sign-in and registration refuse any other value with 400. Errors are JSON `{ "detail": "..." }` ' +
        'with 400 (bad input), 401 (no or expired session), 403 (wrong role), 404 (unknown id), 409 (conflict, e.g. stock ran out), ' +
        '413 (too large), 415 (a body that is not UTF-8 JSON) or 429 (too many attempts), and a `request_id` to quote. ' +
        'Bodies are taken as typed: a number or boolean sent as a string is a 400. Text may not contain NUL bytes or unpaired ' +
        'surrogates, and JSON bodies may nest at most 32 levels (400 otherwise).',
      version: '1.0.0',
      baseUrl: '/api',
      securitySchemes: {
        Authorization: { type: 'http', scheme: 'bearer', description: 'A person: the access_token from /auth/login or /auth/register.' },
        ApiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An integration: an API key (psk_...) created by an admin in the back office (Settings, API keys). It reaches the back-office ' +
            'operations its scopes allow (listed on each operation), never shopper, user, role or key management. 600 requests a minute ' +
            'per key; over that, 429 with Retry-After.',
        },
      },
    });
    doc.paths ??= {};
    addPlainRoutePaths(doc.paths, PLAIN_ROUTES);
    declareScopes(doc);
    declareRoles(doc);
    describeErrors(doc);
    return doc;
  })();
  return cached;
}

type Procedure = { _def: { type: string; meta?: { openapi?: { method: string; path: string; protect?: boolean } } } };

/** Each back-office operation names the scope an API key needs for it (OpenAPI 3.1 allows role names here). */
function declareScopes(doc: OpenAPIObject) {
  const procedures = (appRouter._def as unknown as { procedures: Record<string, Procedure> }).procedures;
  for (const [path, procedure] of Object.entries(procedures)) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi?.protect) continue;
    const operation = (doc.paths?.[openapi.path] as Record<string, { security?: unknown; description?: string }> | undefined)?.[openapi.method.toLowerCase()];
    if (!operation) continue;
    const scope = scopeForProcedure(path, procedure._def.type);
    operation.security = [{ Authorization: [] }, ...(scope ? [{ ApiKey: [scope] }] : [])];
    if (scope) operation.description = `${operation.description ? `${operation.description}\n\n` : ''}API key scope: \`${scope}\`.`;
  }
}

/** Each back-office operation says which people may call it, from the one table (docs/security.md). */
function declareRoles(doc: OpenAPIObject) {
  for (const op of BACK_OFFICE_OPERATIONS) {
    const [method, path] = op.rest.split(' ');
    const operation = (doc.paths?.[path] as Record<string, { description?: string }> | undefined)?.[method.toLowerCase()];
    if (!operation) continue;
    const who = op.role === 'admin' ? 'Role: admin only.' : 'Role: staff and admins.';
    operation.description = `${operation.description ? `${operation.description}\n\n` : ''}${who}`;
  }
}

/**
 * The generator describes errors as tRPC's shape ({ message, code, issues }); the REST door answers
 * `{ detail, request_id }` (procedures.door.ts, errors.ts), so each error schema says that instead.
 */
function describeErrors(doc: OpenAPIObject) {
  const schemas = doc.components?.schemas ?? {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!name.startsWith('error.')) continue;
    const { title } = schema as { title?: string };
    schemas[name] = {
      type: 'object',
      ...(title ? { title } : {}),
      description: 'What went wrong, in a sentence for people, and the id of the request to quote (also in X-Request-Id).',
      properties: {
        detail: { type: 'string', description: 'What went wrong, e.g. "Only 3 left of Mailer 25x35 white (50 pcs)"' },
        request_id: { type: 'string', description: 'The id of the request, as in the X-Request-Id header' },
      },
      required: ['detail', 'request_id'],
      additionalProperties: false,
    };
  }
}

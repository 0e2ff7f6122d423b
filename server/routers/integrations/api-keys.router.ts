import { z } from 'zod';
import { apiKeyIdInput, apiKeyRow, createApiKeyInput, createdApiKey } from '../../../shared/schemas/api-keys.schema';
import * as apiKeys from '../../services/integrations/api-keys.service';
import { router } from '../../trpc/init';
import { adminProcedure } from '../../trpc/procedures';

const tags = ['admin: API keys'];

/** Admins only, and never through a key (server/auth/scopes.ts gives this area no scope). */
export const apiKeysAdminRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/api-keys', tags, summary: 'API keys (the secret is never shown again)', protect: true } })
    .input(z.object({}).optional())
    .output(z.array(apiKeyRow))
    .query(({ ctx }) => apiKeys.listApiKeys(ctx.db)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/api-keys', tags, summary: 'Create an API key with scopes; the answer holds the secret, shown once', protect: true } })
    .input(createApiKeyInput)
    .output(createdApiKey)
    .mutation(({ ctx, input }) => apiKeys.createApiKey(ctx.db, ctx.user.id, input)),

  revoke: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/admin/api-keys/{id}', tags, summary: 'Revoke an API key at once, on every instance', protect: true } })
    .input(apiKeyIdInput)
    .output(apiKeyRow)
    .mutation(({ ctx, input }) => apiKeys.revokeApiKey(ctx.db, input.id)),
});

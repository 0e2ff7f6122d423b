import { z } from 'zod';
import { idParam, okOutput } from '../../../shared/schemas/common.schema';
import { synonymInput, synonymOutput, updateSynonymInput } from '../../../shared/schemas/search-synonyms.schema';
import * as synonyms from '../../services/search/synonyms.service';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';

const tags = ['admin: search'];
const RULES =
  'terms: 1-20 words or phrases, folded as search folds a query (lower case, accents dropped, punctuation as spaces), 1-60 characters each, repeats dropped. ' +
  'Without from_term (or null) the group is two-way: every term finds what any term finds, and needs at least 2 different terms. ' +
  'With from_term it is one-way: a search for from_term also finds what the terms find, not the other way round; from_term may not be one of the terms. ' +
  'At most 500 groups (409 beyond). A change applies to every search at once, on every instance.';

/**
 * admin.search: the synonyms the owner keeps (decision 0173). Staff keep them as they keep products;
 * API keys reach it with catalog:read / catalog:write (server/auth/scopes.ts).
 */
export const searchAdminRouter = router({
  synonyms: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/search/synonyms', tags, summary: 'Synonym groups of the search, two-way and one-way', protect: true } })
    .input(z.object({}).optional())
    .output(z.array(synonymOutput))
    .query(({ ctx }) => synonyms.listSynonyms(ctx.db)),

  createSynonym: staffProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/search/synonyms', tags, summary: 'Add a synonym group', description: RULES, protect: true } })
    .input(synonymInput)
    .output(synonymOutput)
    .mutation(({ ctx, input }) => synonyms.createSynonym(ctx.db, input)),

  updateSynonym: staffProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/search/synonyms/{id}', tags, summary: 'Replace a synonym group (it may change between two-way and one-way)', description: RULES, protect: true } })
    .input(updateSynonymInput)
    .output(synonymOutput)
    .mutation(({ ctx, input: { id, ...input } }) => synonyms.updateSynonym(ctx.db, id, input)),

  deleteSynonym: staffProcedure
    .meta({ openapi: { method: 'DELETE', path: '/admin/search/synonyms/{id}', tags, summary: 'Delete a synonym group', protect: true } })
    .input(idParam)
    .output(okOutput)
    .mutation(({ ctx, input }) => synonyms.deleteSynonym(ctx.db, input.id)),
});

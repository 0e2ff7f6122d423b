import { suggestInput, suggestOutput } from '../../../shared/schemas/search.schema';
import { suggestCached } from '../../services/catalogue/suggest.service';
import { router } from '../../trpc/init';
import { publicProcedure } from '../../trpc/procedures';

// The storefront's search while typing. On the REST door it is answered straight from the
// catalogue cache (server/rest/door-table.ts), like the listing.
export const searchRouter = router({
  suggest: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/search/suggestions',
        tags: ['catalog'],
        summary: 'What the header suggests while typing: products (typos, synonyms, sizes and SKU prefixes understood), sizes, the total found, and "did you mean" when nothing is',
      },
    })
    .input(suggestInput)
    .output(suggestOutput)
    .query(async ({ ctx, input }) => (await suggestCached(ctx.db, input.q)).value),
});

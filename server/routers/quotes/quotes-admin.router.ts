import type { OpenApiMeta } from 'trpc-to-openapi';
import { idParam } from '../../../shared/schemas/common.schema';
import { adminQuoteDetail, adminQuoteList, adminQuoteListInput, createQuoteInput, sendQuoteInput } from '../../../shared/schemas/quote.schema';
import * as quotes from '../../services/quotes/quotes-admin.service';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';

const meta = (method: 'GET' | 'POST' | 'PUT', path: `/${string}`, summary: string): OpenApiMeta => ({ openapi: { method, path, tags: ['admin: quotes'], summary, protect: true } });

export const quotesAdminRouter = router({
  list: staffProcedure
    .meta(meta('GET', '/admin/quotes', 'The quotes queue, newest first; filter by status (requested, quoted, accepted, declined, expired), search by quote number or e-mail'))
    .input(adminQuoteListInput)
    .output(adminQuoteList)
    .query(({ ctx, input }) => quotes.listQuotes(ctx.db, { page: 1, page_size: 20, ...input })),

  create: staffProcedure
    .meta(meta('POST', '/admin/quotes', 'Start a quote for a customer (by e-mail) from SKUs and quantities; price and send it with PUT'))
    .input(createQuoteInput)
    .output(adminQuoteDetail)
    .mutation(({ ctx, input }) => quotes.createQuoteForCustomer(ctx.db, ctx.user.id, input, ctx.mail)),

  get: staffProcedure
    .meta(meta('GET', '/admin/quotes/{id}', "One quote with its lines and the buyer's recent orders and other quotes"))
    .input(idParam)
    .output(adminQuoteDetail)
    .query(({ ctx, input }) => quotes.getQuote(ctx.db, input.id)),

  send: staffProcedure
    .meta(meta('PUT', '/admin/quotes/{id}', 'Price every line, set the shipping fee, validity and message, and send the quote (e-mails the buyer)'))
    .input(sendQuoteInput)
    .output(adminQuoteDetail)
    .mutation(({ ctx, input }) => quotes.sendQuote(ctx.db, input, ctx.mail)),
});

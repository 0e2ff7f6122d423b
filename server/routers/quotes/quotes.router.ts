import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common.schema';
import { MAX_LINE_QUANTITY } from '../../../shared/schemas/cart.schema';
import { orderOutput } from '../../../shared/schemas/order.schema';
import { acceptQuoteInput, quoteOutput, requestQuoteInput } from '../../../shared/schemas/quote.schema';
import * as quotes from '../../services/quotes/quotes.service';
import { router } from '../../trpc/init';
import { customerProcedure } from '../../trpc/procedures';

const meta = (method: 'GET' | 'POST', path: `/${string}`, summary: string): OpenApiMeta => ({ openapi: { method, path, tags: ['quotes'], summary, protect: true } });

/** The signed-in buyer's quotes; another buyer's quote is a 404. */
export const quotesRouter = router({
  request: customerProcedure
    .meta(meta('POST', '/quotes', `Ask for a quote on the lines given (by SKU, any quantity up to ${MAX_LINE_QUANTITY} packs a line, stock or not) or, without lines, on the current cart; with a note and a target delivery date. The cart is not changed`))
    .input(requestQuoteInput)
    .output(quoteOutput)
    .mutation(({ ctx, input }) => quotes.requestQuote(ctx.db, ctx.user, input, ctx.mail)),

  list: customerProcedure
    .meta(meta('GET', '/quotes', 'Your quotes, newest first'))
    .input(z.object({}).optional())
    .output(z.array(quoteOutput))
    .query(({ ctx }) => quotes.listQuotes(ctx.db, ctx.user.id)),

  get: customerProcedure
    .meta(meta('GET', '/quotes/{id}', 'One of your quotes with its lines and, once priced, its totals'))
    .input(idParam)
    .output(quoteOutput)
    .query(({ ctx, input }) => quotes.getQuote(ctx.db, ctx.user.id, input.id)),

  accept: customerProcedure
    .meta(meta('POST', '/quotes/{id}/accept', 'Accept a priced quote before it expires (your own, or as a company admin one asked for by a member of your company): places the order at the quoted prices (Idempotency-Key header recommended; payment_method invoice with po_number for a company with terms), stock checked as at checkout; a quote asked for on the cart takes its lines out of the cart, any other leaves the cart alone; 409 when already used, declined, expired or short of stock'))
    .input(acceptQuoteInput)
    .output(orderOutput)
    .mutation(({ ctx, input }) =>
      quotes.acceptQuote(ctx.db, ctx.user, input, ctx.idempotencyKey, ctx.mail, ctx.deps.stripe, ctx.user.membership?.role === 'admin' ? ctx.user.membership.companyId : null),
    ),

  decline: customerProcedure
    .meta(meta('POST', '/quotes/{id}/decline', 'Decline a quote (or withdraw a request not yet priced)'))
    .input(idParam)
    .output(quoteOutput)
    .mutation(({ ctx, input }) => quotes.declineQuote(ctx.db, ctx.user.id, input.id)),
});

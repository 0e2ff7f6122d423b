import { okOutput } from '../../../shared/schemas/common.schema';
import {
  chatHistoryInput,
  chatHistoryOutput,
  chatReplySchema,
  chatSessionParam,
  createChatSessionInput,
  createChatSessionOutput,
  sendChatMessageInput,
} from '../../../shared/schemas/chat.schema';
import * as chat from '../../services/support/chat.service';
import { router } from '../../trpc/init';
import { optionalUserProcedure } from '../../trpc/procedures';
import { priceListIdOf } from '../../services/price-lists/resolve-price-list';

// Guests and signed-in shoppers chat; a session belongs to whoever created it (token or X-Session-Id).
// A company member's price answers are their company's (decision 0193).
const owner = (ctx: { user: ({ id: string; firstName: string } & Parameters<typeof priceListIdOf>[0]) | null; guestId: string | null }): chat.ChatOwner => ({
  user: ctx.user ? { id: ctx.user.id, firstName: ctx.user.firstName } : null,
  guestId: ctx.guestId,
  priceListId: priceListIdOf(ctx.user),
});

export const chatRouter = router({
  createSession: optionalUserProcedure
    .meta({ openapi: { method: 'POST', path: '/chat/sessions', tags: ['chat'], summary: 'Start a chat session and get the welcome message' } })
    .input(createChatSessionInput)
    .output(createChatSessionOutput)
    .mutation(({ ctx, input }) => chat.createSession(ctx.db, owner(ctx), input)),

  sendMessage: optionalUserProcedure
    .meta({ openapi: { method: 'POST', path: '/chat/sessions/{sessionId}/messages', tags: ['chat'], summary: "Send a message and get the agent's reply" } })
    .input(sendChatMessageInput)
    .output(chatReplySchema)
    .mutation(({ ctx, input }) => chat.sendMessage(ctx.db, ctx.limiters, owner(ctx), input)),

  history: optionalUserProcedure
    .meta({ openapi: { method: 'GET', path: '/chat/sessions/{sessionId}/history', tags: ['chat'], summary: 'Messages of a chat session, oldest first' } })
    .input(chatHistoryInput)
    .output(chatHistoryOutput)
    .query(({ ctx, input }) => chat.history(ctx.db, owner(ctx), input.sessionId, input.limit)),

  deleteSession: optionalUserProcedure
    .meta({ openapi: { method: 'DELETE', path: '/chat/sessions/{sessionId}', tags: ['chat'], summary: 'Delete a chat session and its messages' } })
    .input(chatSessionParam)
    .output(okOutput)
    .mutation(({ ctx, input }) => chat.deleteSession(ctx.db, owner(ctx), input.sessionId)),
});

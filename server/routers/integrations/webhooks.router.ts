import { z } from 'zod';
import { okOutput } from '../../../shared/schemas/common.schema';
import {
  createdWebhook,
  createWebhookInput,
  updateWebhookInput,
  webhookDeliveriesInput,
  webhookDeliveryDetail,
  webhookDeliveryIdInput,
  webhookDeliveryList,
  webhookEndpointRow,
  webhookIdInput,
  webhookSecret,
} from '../../../shared/schemas/webhooks.schema';
import * as webhooks from '../../services/integrations/webhooks.service';
import { router } from '../../trpc/init';
import { adminProcedure } from '../../trpc/procedures';

const tags = ['admin: webhooks'];

/**
 * Admins only, and never through an API key (server/auth/scopes.ts gives this area no scope): an
 * endpoint receives every future order, so registering one is as sensitive as creating a key.
 */
export const webhooksAdminRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/webhooks', tags, summary: 'Webhook endpoints with their events and how many deliveries wait or failed', protect: true } })
    .input(z.object({}).optional())
    .output(z.array(webhookEndpointRow))
    .query(({ ctx }) => webhooks.listWebhooks(ctx.db)),

  get: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/webhooks/{id}', tags, summary: 'One webhook endpoint', protect: true } })
    .input(webhookIdInput)
    .output(webhookEndpointRow)
    .query(({ ctx, input }) => webhooks.getWebhook(ctx.db, input.id)),

  create: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/webhooks',
        tags,
        summary: 'Register an endpoint; the answer holds its signing secret (whsec_...)',
        description: 'The URL must be http(s) and resolve to a public address (private, loopback and link-local addresses are refused unless the server runs with WEBHOOK_ALLOW_PRIVATE=1).',
        protect: true,
      },
    })
    .input(createWebhookInput)
    .output(createdWebhook)
    .mutation(({ ctx, input }) => webhooks.createWebhook(ctx.db, ctx.user.id, input, ctx.webhooks.allowPrivate)),

  update: adminProcedure
    .meta({ openapi: { method: 'PATCH', path: '/admin/webhooks/{id}', tags, summary: 'Change the URL, events, description, or enable/disable', protect: true } })
    .input(updateWebhookInput)
    .output(webhookEndpointRow)
    .mutation(({ ctx, input }) => webhooks.updateWebhook(ctx.db, input, ctx.webhooks.allowPrivate)),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/admin/webhooks/{id}', tags, summary: 'Delete an endpoint with its deliveries and their log', protect: true } })
    .input(webhookIdInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => webhooks.deleteWebhook(ctx.db, input.id)),

  secret: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/webhooks/{id}/secret', tags, summary: 'The signing secret, to verify deliveries with', protect: true } })
    .input(webhookIdInput)
    .output(webhookSecret)
    .query(({ ctx, input }) => webhooks.webhookSecret(ctx.db, input.id)),

  rotateSecret: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/webhooks/{id}/rotate-secret', tags, summary: 'A new signing secret; the old one keeps signing alongside it for 24 hours', protect: true } })
    .input(webhookIdInput)
    .output(webhookSecret)
    .mutation(({ ctx, input }) => webhooks.rotateWebhookSecret(ctx.db, input.id)),

  sendTest: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/webhooks/{id}/test', tags, summary: 'Send a webhook.test event to this endpoint', protect: true } })
    .input(webhookIdInput)
    .output(webhookDeliveryDetail)
    .mutation(({ ctx, input }) => webhooks.sendTestWebhook(ctx.db, input.id)),

  deliveries: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/webhooks/{id}/deliveries', tags, summary: 'The delivery log of an endpoint, newest first (50 a page)', protect: true } })
    .input(webhookDeliveriesInput)
    .output(webhookDeliveryList)
    .query(({ ctx, input }) => webhooks.listDeliveries(ctx.db, input)),

  delivery: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/webhook-deliveries/{id}', tags, summary: 'One delivery with the body sent and every attempt (status code, duration, response excerpt, error)', protect: true } })
    .input(webhookDeliveryIdInput)
    .output(webhookDeliveryDetail)
    .query(({ ctx, input }) => webhooks.getDelivery(ctx.db, input.id)),

  redeliver: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/webhook-deliveries/{id}/redeliver', tags, summary: 'Deliver again now, with the same webhook-id', protect: true } })
    .input(webhookDeliveryIdInput)
    .output(webhookDeliveryDetail)
    .mutation(({ ctx, input }) => webhooks.redeliver(ctx.db, input.id)),
});

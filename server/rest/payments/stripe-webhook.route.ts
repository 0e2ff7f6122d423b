// POST /api/payments/stripe/webhook: Stripe's events (decision 0165). A plain route (plain-route.ts)
// that reads its body raw before anything else, because the signature is over the exact bytes
// Stripe sent: it is parsed only by the `stripe` package once it verifies. Without Stripe
// configured the path answers 404. A bad, stale or missing signature is a 400 and nothing is written.
import express from 'express';
import { AppError } from '../../../shared/errors';
import { handleStripeEvent, verifyStripeEvent } from '../../services/payments/stripe-webhook';
import { anyone, type PlainRoute } from '../plain-route';

/** Stripe's events are a few KB; a larger body is not one of them. */
const MAX_EVENT_BODY = '256kb';

export const stripeWebhookRoutes: PlainRoute[] = [
  {
    method: 'POST',
    path: '/payments/stripe/webhook',
    gate: anyone,
    before: [express.raw({ type: () => true, limit: MAX_EVENT_BODY })],
    handle: async (deps, req, res) => {
      const stripe = deps.stripe;
      if (!stripe) throw new AppError('NOT_FOUND', 'Online payment is not configured on this shop');
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const event = verifyStripeEvent(stripe, body, req.header('stripe-signature'));
      const outcome = await handleStripeEvent(deps.db, stripe, deps.mail, event);
      // Every verified event is answered 200, whatever became of it (recorded in PaymentEvent):
      // anything else makes Stripe deliver it again for three days.
      res.json({ received: true, outcome });
    },
    // Public: Stripe signs it instead of signing in.
    openapi: {
      operationId: 'payments-stripeWebhook',
      tags: ['payments'],
      summary: "Stripe's webhook: checkout.session.completed, async_payment_succeeded, async_payment_failed and expired, verified by the Stripe-Signature header",
      description:
        'Called by Stripe, not by integrators. The body is the event exactly as Stripe sent it; the Stripe-Signature header must verify with ' +
        "the shop's STRIPE_WEBHOOK_SECRET and be at most 5 minutes old. Each event id is applied once (a redelivery answers 200 and changes nothing). " +
        '404 when Stripe is not configured.',
      parameters: [{ name: 'Stripe-Signature', in: 'header', required: true, description: 't=<timestamp>,v1=<HMAC-SHA256 signature>', schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'A Stripe Event object' } } } },
      responses: {
        200: {
          description: 'Received; outcome says what became of it (applied, duplicate_event, mismatch, unknown_order, cancelled_order, pending, failed, expired, ignored ...)',
          content: { 'application/json': { schema: { type: 'object', properties: { received: { type: 'boolean' }, outcome: { type: 'string' } } } } },
        },
        400: { description: 'Missing, wrong or stale signature: nothing changed' },
        404: { description: 'Stripe is not configured' },
      },
    },
  },
];

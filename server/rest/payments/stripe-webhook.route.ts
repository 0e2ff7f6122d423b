// POST /api/payments/stripe/webhook: Stripe's events (decision 0165). A plain route, mounted before
// any JSON parser, because the signature is over the exact bytes Stripe sent: the body is read raw
// here and parsed only by the `stripe` package once it verifies. Without Stripe configured the path
// does not exist (404). A bad, stale or missing signature is a 400 and nothing is written.
import express, { type Router } from 'express';
import { AppError } from '../../../shared/errors';
import type { AppDeps } from '../../deps';
import { handleStripeEvent, verifyStripeEvent } from '../../services/payments/stripe-webhook';
import { sendError } from '../errors';

const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';

/** Stripe's events are a few KB; a larger body is not one of them. */
const MAX_EVENT_BODY = '256kb';

export function stripeWebhookRoute(deps: AppDeps): Router {
  const r = express.Router();
  r.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: MAX_EVENT_BODY }), (req, res) => {
    const work = async () => {
      const stripe = deps.stripe;
      if (!stripe) throw new AppError('NOT_FOUND', 'Online payment is not configured on this shop');
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const event = verifyStripeEvent(stripe, body, req.header('stripe-signature'));
      const outcome = await handleStripeEvent(deps.db, stripe, deps.mail, event);
      // Every verified event is answered 200, whatever became of it (recorded in PaymentEvent):
      // anything else makes Stripe deliver it again for three days.
      res.json({ received: true, outcome });
    };
    work().catch((err) => sendError(res, err, `POST /api${STRIPE_WEBHOOK_PATH}`));
  });
  return r;
}

/** Its entry in the OpenAPI document: public (Stripe signs it instead of signing in). */
export const stripeWebhookPaths = {
  [STRIPE_WEBHOOK_PATH]: {
    post: {
      operationId: 'payments-stripeWebhook',
      tags: ['payments'],
      summary: "Stripe's webhook: checkout.session.completed, async_payment_succeeded, async_payment_failed and expired, verified by the Stripe-Signature header",
      description:
        'Called by Stripe, not by integrators. The body is the event exactly as Stripe sent it; the Stripe-Signature header must verify with ' +
        'the shop\'s STRIPE_WEBHOOK_SECRET and be at most 5 minutes old. Each event id is applied once (a redelivery answers 200 and changes nothing). ' +
        '404 when Stripe is not configured.',
      security: [],
      parameters: [{ name: 'Stripe-Signature', in: 'header' as const, required: true, description: 't=<timestamp>,v1=<HMAC-SHA256 signature>', schema: { type: 'string' as const } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' as const, description: 'A Stripe Event object' } } } },
      responses: {
        200: {
          description: 'Received; outcome says what became of it (applied, duplicate_event, mismatch, unknown_order, cancelled_order, pending, failed, expired, ignored ...)',
          content: { 'application/json': { schema: { type: 'object' as const, properties: { received: { type: 'boolean' as const }, outcome: { type: 'string' as const } } } } },
        },
        400: { description: 'Missing, wrong or stale signature: nothing changed' },
        404: { description: 'Stripe is not configured' },
      },
    },
  },
};

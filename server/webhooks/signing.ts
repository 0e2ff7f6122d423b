import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { newId } from '../db/ids';

// Standard Webhooks (standardwebhooks.com): the receiver checks
//   webhook-signature = "v1,<base64 HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${body}`>"
// with the secret's base64 part as the key, and refuses timestamps more than 5 minutes off, which
// is why the timestamp is the time of each attempt, not of the event.

/** whsec_ and 32 random bytes in base64, the secret format the library and the convention expect. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The webhook-id of an event, which is its row id: the same on every retry and redelivery, so
 * receivers can dedupe. Made by newId() like every row id (decision 0177); events from before that
 * keep their "msg_" ids, which receivers already hold.
 */
export function newMessageId(): string {
  return newId();
}

/**
 * The headers of one attempt. While a rotated-out secret is still valid the header carries one
 * signature per secret, space-separated, as the convention allows: a receiver holding either verifies.
 */
export function signedHeaders(secrets: string[], id: string, body: string, at = new Date()): Record<string, string> {
  const signature = secrets.map((s) => new Webhook(s).sign(id, at, body)).join(' ');
  return {
    'content-type': 'application/json',
    'user-agent': 'PackShop-Webhooks/1.0',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

// The one Stripe client of the shop (the official `stripe` package), built from deps.stripe
// (decision 0165). STRIPE_API_URL points it at a Stripe-compatible server (stripe-mock, the tests'
// server). The secret key lives only inside the client: nothing here logs it, and stripeFailure()
// below is the one way a Stripe error reaches a log line (type, code, status and message only; a
// StripeError also carries the raw response and headers, never printed).
import Stripe from 'stripe';
import type { StripeSettings } from './config';

/** A Stripe call waits at most this long: checkout is opened after the order is answered for, so a slow Stripe delays one shopper's answer, never an order. */
const STRIPE_TIMEOUT_MS = 10_000;

const clients = new WeakMap<StripeSettings, Stripe>();

/** One client per settings object (deps.stripe), so connections are reused across requests. */
export function stripeClient(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    client = new Stripe(settings.secretKey, { ...apiTarget(settings.apiUrl), timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: 2, telemetry: false, appInfo: { name: 'PackShop' } });
    clients.set(settings, client);
  }
  return client;
}

function apiTarget(apiUrl: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** What may be logged of a failed Stripe call: never the key, the request or the response headers. */
export function stripeFailure(err: unknown): { type: string; code?: string; status?: number; message: string } {
  if (err instanceof Stripe.errors.StripeError) {
    return { type: err.type, ...(err.code ? { code: err.code } : {}), ...(err.statusCode ? { status: err.statusCode } : {}), message: redactKeys(err.message).slice(0, 300) };
  }
  return { type: err instanceof Error ? err.name : 'unknown', message: redactKeys(err instanceof Error ? err.message : String(err)).slice(0, 300) };
}

/** A secret or restricted key or a webhook secret in any text is cut to its prefix. */
function redactKeys(text: string): string {
  return text.replace(/\b(sk|rk|whsec)_(live_|test_)?[A-Za-z0-9_*]+/g, (_m, kind: string, mode: string | undefined) => `${kind}_${mode ?? ''}[redacted]`);
}

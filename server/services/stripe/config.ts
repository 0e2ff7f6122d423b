// Stripe is on when both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (decision 0165);
// without them the shop behaves as the specification says (payment coming soon, PayNow QR).

export interface StripeSettings {
  /** sk_live_... / sk_test_... / rk_...: never logged, shown or stored. */
  secretKey: string;
  /** whsec_...: checks the signature of every webhook. */
  webhookSecret: string;
  /** A Stripe-compatible server (stripe-mock, the tests' server); default Stripe's own API. */
  apiUrl?: string;
}

export function stripeSettingsOf(env: { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_API_URL?: string }): StripeSettings | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}) };
}

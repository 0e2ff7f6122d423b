// The Stripe e2e setup (decision 0165), shared by playwright.config.ts and the payment journeys.
//
// The journeys of the specification (checkout.spec.ts, paynow.spec.ts ...) run against the usual
// e2e shops WITHOUT Stripe (from E2E_PORT, 3100, one per worker). Journeys named tests/e2e/stripe-*.spec.ts run in the
// Playwright project "stripe" against a SECOND shop with Stripe on:
//   - the shop:            http://127.0.0.1:E2E_STRIPE_SHOP_PORT (3300), its own DATA_DIR and mail catcher
//                          (under .e2e-data/<its port>, as every e2e shop: playwright.config.ts shopServer),
//                          STRIPE_API_URL pointing at the test server below, PUBLIC_URL its own address
//                          (so success_url / cancel_url come back to 127.0.0.1:3300);
//   - the Stripe test server (tests/support/stripe-server.ts) as a process, stripe-server-main.ts,
//                          on E2E_STRIPE_API_PORT (3400), sending its signed events to that shop's
//                          /api/payments/stripe/webhook. Its hosted page /pay/<session id> has the
//                          buttons "Pay" (-> success_url) and "Payment fails" (-> cancel_url, the
//                          order's payment failed, payable again); GET /_test/state lists what the
//                          shop asked of it.
// Both extra servers are started only when the run includes stripe-*.spec.ts (or runs everything).
import { E2E_BASE_PORT } from './e2e-paths';

export const E2E_STRIPE_SHOP_PORT = E2E_BASE_PORT + 200;
export const E2E_STRIPE_API_PORT = E2E_BASE_PORT + 300;
/** Test-only secrets of the test server (never real Stripe keys). */
export const E2E_STRIPE_SECRET_KEY = 'sk_test_e2e_packshop_0000000000000000';
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_packshop_0000000000000000';
export const E2E_STRIPE_API_URL = `http://127.0.0.1:${E2E_STRIPE_API_PORT}`;
export const E2E_STRIPE_SHOP_URL = `http://127.0.0.1:${E2E_STRIPE_SHOP_PORT}`;
/** Spec files that run against the Stripe shop. */
export const STRIPE_SPECS = /stripe-[^/]*\.spec\.ts$/;

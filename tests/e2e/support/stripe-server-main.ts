// The Stripe test server as a process for the e2e run (playwright.config.ts): see stripe-e2e.ts.
import { startStripeServer } from '../../support/stripe-server';
import { E2E_STRIPE_API_PORT, E2E_STRIPE_SECRET_KEY, E2E_STRIPE_SHOP_URL, E2E_STRIPE_WEBHOOK_SECRET } from './stripe-e2e';

const server = await startStripeServer({
  port: E2E_STRIPE_API_PORT,
  secretKey: E2E_STRIPE_SECRET_KEY,
  webhookSecret: E2E_STRIPE_WEBHOOK_SECRET,
  webhookUrl: `${E2E_STRIPE_SHOP_URL}/api/payments/stripe/webhook`,
});
console.log(`Stripe test server at ${server.url}`);
const stop = () => void server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

import { sessionsChanged } from './auth/session-cache';
import { onCommitted } from './db/commit-signal';
import { catalogChanged } from './lib/catalog-events';
import { wakeOutbox } from './outbox/outbox';
import { numberAfterPlacing } from './services/orders/invoice-numbering';
import { dropPromoCache } from './services/promotions/promo-cache';
import { wakeWebhooks } from './webhooks/emit';
import { webhookSubscriptionsChanged } from './webhooks/subscriptions';

/**
 * Everything that follows a committed write, in one list: what the commit signal
 * (server/db/commit-signal.ts) sets off. Caches first, so that a woken worker or a reader never
 * meets a stale answer, then the workers. Other instances hear of cache drops through the caches'
 * own LISTEN/NOTIFY (catalog-sync.ts, session-sync.ts), unchanged by this list.
 *
 * Wired once per process: by createDeps (server/deps.ts), which every app, the shop's and the
 * tests', is built with, and by the tests' createTestDb for tests that write without an app.
 */
let wired = false;

export function subscribeAfterCommit(): void {
  if (wired) return;
  wired = true;

  // Caches. A catalogue change drops the promotion cache too (it listens to catalogue changes), so
  // a unit that changed both drops it once.
  onCommitted('caches', 'catalogue', (c) => {
    if (c.catalogue !== null) catalogChanged(c.catalogue);
  });
  onCommitted('caches', 'promotions', (c) => {
    if (c.promotions && c.catalogue === null) dropPromoCache();
  });
  onCommitted('caches', 'sessions', (c) => {
    for (const change of c.sessions) sessionsChanged(c.db, change);
  });
  onCommitted('caches', 'webhook endpoints', (c) => {
    if (c.webhookEndpoints) webhookSubscriptionsChanged();
  });

  // Workers.
  onCommitted('workers', 'outbox', (c) => {
    if (c.outbox) wakeOutbox();
  });
  onCommitted('workers', 'webhooks', (c) => {
    if (c.webhooks) wakeWebhooks();
  });
  // Awaited by the unit of work, so an order has its number before the shopper is answered
  // (docs/decisions/0139-invoice-numbers-off-the-order-transaction.md); a failure is logged there.
  onCommitted('workers', 'invoice numbering', (c) => (c.invoicesDue ? numberAfterPlacing(c.db) : undefined));
}

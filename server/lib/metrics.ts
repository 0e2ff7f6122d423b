import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of this process (served at /metrics, see server/http/metrics.http.ts). One
 * registry per process: several apps in one process (tests) add to the same counters.
 * Labels are bounded: routes are patterns (server/http/route-label.ts), never raw paths.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'packshop_' });

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'packshop_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'packshop_http_request_duration_seconds',
  help: 'Time from the first byte of a request to the end of its answer',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const dbQueryDuration = new Histogram({
  name: 'packshop_db_query_duration_seconds',
  help: 'Time PostgreSQL (or PGlite) took per query, as Prisma reports it',
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const catalogCache = new Counter({
  name: 'packshop_catalog_cache_total',
  help: 'Catalogue cache lookups by result (hit, miss, shared: joined a load already in flight)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const ordersPlaced = new Counter({
  name: 'packshop_orders_placed_total',
  help: 'Orders placed (a replay of the same idempotency key is not counted again)',
  registers: [registry],
});

export const stockConflicts = new Counter({
  name: 'packshop_stock_conflicts_total',
  help: 'Orders refused with 409 because stock (or a gift) ran out',
  registers: [registry],
});

export const rateLimited = new Counter({
  name: 'packshop_rate_limited_total',
  help: 'Requests refused with 429 by a rate limit, by limit',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export const guestCartsRemoved = new Counter({
  name: 'packshop_guest_carts_removed_total',
  help: 'Guest carts removed by the cleanup after GUEST_CART_DAYS untouched (decision 0163), with their lines',
  registers: [registry],
});

export const unpaidOrderRemindersSent = new Counter({
  name: 'packshop_unpaid_order_reminders_total',
  help: 'Payment reminders queued for orders unpaid for half the unpaid-order time (decision 0167)',
  registers: [registry],
});

export const invoiceRemindersSent = new Counter({
  name: 'packshop_invoice_reminders_total',
  help: 'Invoice reminders queued, on the due day and 7 days after (decision 0199)',
  labelNames: ['stage'] as const,
  registers: [registry],
});

export const unpaidOrdersReleased = new Counter({
  name: 'packshop_unpaid_orders_released_total',
  help: 'Orders cancelled because they were not paid within the unpaid-order time (decision 0167)',
  registers: [registry],
});

/** How the outbox looks now: messages waiting (pending or being sent) and the age of the oldest. */
export type OutboxReader = () => Promise<{ waiting: number; oldestSeconds: number }>;
let readOutbox: OutboxReader | null = null;
let lastRead: { at: number; value: ReturnType<OutboxReader> } | null = null;

/** The app whose metrics are served says where to read the outbox, which is in its database. */
export function setOutboxReader(reader: OutboxReader): void {
  readOutbox = reader;
  lastRead = null;
}

// One database read serves both gauges of a scrape.
function outboxNow() {
  if (!readOutbox) return Promise.resolve({ waiting: 0, oldestSeconds: 0 });
  if (!lastRead || Date.now() - lastRead.at > 1000) lastRead = { at: Date.now(), value: readOutbox() };
  return lastRead.value;
}

new Gauge({
  name: 'packshop_outbox_waiting',
  help: 'Outbox messages (e-mails) waiting to be delivered: pending or being sent',
  registers: [registry],
  async collect() {
    this.set((await outboxNow()).waiting);
  },
});

new Gauge({
  name: 'packshop_outbox_oldest_age_seconds',
  help: 'Age of the oldest outbox message still waiting to be delivered (0 when none waits)',
  registers: [registry],
  async collect() {
    this.set((await outboxNow()).oldestSeconds);
  },
});

// The webhook outbox, read the same way (server/webhooks/stats.ts).
let readWebhooks: OutboxReader | null = null;
let lastWebhookRead: { at: number; value: ReturnType<OutboxReader> } | null = null;

export function setWebhookOutboxReader(reader: OutboxReader): void {
  readWebhooks = reader;
  lastWebhookRead = null;
}

function webhooksNow() {
  if (!readWebhooks) return Promise.resolve({ waiting: 0, oldestSeconds: 0 });
  if (!lastWebhookRead || Date.now() - lastWebhookRead.at > 1000) lastWebhookRead = { at: Date.now(), value: readWebhooks() };
  return lastWebhookRead.value;
}

new Gauge({
  name: 'packshop_webhook_deliveries_waiting',
  help: 'Webhook deliveries waiting to be made: pending (including retries) or being sent',
  registers: [registry],
  async collect() {
    this.set((await webhooksNow()).waiting);
  },
});

new Gauge({
  name: 'packshop_webhook_oldest_age_seconds',
  help: 'Age of the oldest webhook delivery still waiting (0 when none waits)',
  registers: [registry],
  async collect() {
    this.set((await webhooksNow()).oldestSeconds);
  },
});

// The disk the shop writes to (server/lib/disk-space.ts, decision 0162): free space sampled every
// minute by fs.statfs, and the writes refused because a disk was full.
export const diskFreeBytes = new Gauge({
  name: 'packshop_disk_free_bytes',
  help: 'Free bytes (for the shop: available to unprivileged users) on the filesystem of the data directory or the backup directory',
  labelNames: ['dir'] as const,
  registers: [registry],
});

export const diskSizeBytes = new Gauge({
  name: 'packshop_disk_size_bytes',
  help: 'Size in bytes of the filesystem of the data directory or the backup directory',
  labelNames: ['dir'] as const,
  registers: [registry],
});

export const diskFullErrors = new Counter({
  name: 'packshop_disk_full_errors_total',
  help: 'Writes refused because a disk was full (PostgreSQL 53100 or ENOSPC/EDQUOT), by where: database or files',
  labelNames: ['source'] as const,
  registers: [registry],
});

export const diskFull = new Gauge({
  name: 'packshop_disk_full',
  help: '1 while the shop answers writes with 503 because a disk is full (a recent disk-full error, not yet cleared by free space), else 0',
  registers: [registry],
});

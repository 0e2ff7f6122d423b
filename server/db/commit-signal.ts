import type { PrismaClient } from '@prisma/client';
import { logger } from '../lib/log';

/**
 * "A unit of work committed, with these changes": the one signal a write sends once its rows are
 * visible to others (docs/decisions/0176-commit-signal-and-atomic-writes.md). The unit of work
 * (unit-of-work.ts) collects the changes its writes noted and announces them here after COMMIT; it
 * knows no subscriber. Caches, workers and invoice numbering subscribe, all of them wired in one
 * place at start (server/after-commit.ts), so that nothing in server/db imports the floors above it.
 *
 * Subscribers run in two phases, in the order they subscribed within each: every cache first, so
 * that a woken worker or a reader never meets a stale answer, then the workers. One that throws or
 * rejects is logged and the others still run; the write it follows is committed and stays a success.
 * A worker may answer a promise (invoice numbering): the unit of work returns once it has settled,
 * so its caller answers after it, as it did when it ran the step by hand.
 */
export type SessionChange = { sessionId: string } | { userId: string };

export interface Committed {
  /** The client the unit ran on: per-database caches (sessions) and steps that query (invoice numbering) use it. */
  readonly db: PrismaClient;
  /** Products, variants, prices or stock changed: the reason the first write gave; null if none did. */
  readonly catalogue: string | null;
  /** Gift tiers, gift items, the shipping rule or coupons changed. */
  readonly promotions: boolean;
  /** Sessions ended or what they carry changed, each change once. */
  readonly sessions: readonly SessionChange[];
  /** Webhook endpoints were created, changed or deleted (which event types someone subscribes to). */
  readonly webhookEndpoints: boolean;
  /** An e-mail was written to the outbox. */
  readonly outbox: boolean;
  /** Webhook deliveries were written, or an endpoint was switched on. */
  readonly webhooks: boolean;
  /** An order was written waiting for its tax invoice number. */
  readonly invoicesDue: boolean;
}

/** Caches are dropped before any worker is woken. */
export type CommitPhase = 'caches' | 'workers';

type Subscriber = { name: string; run: (committed: Committed) => void | Promise<void> };

const subscribers: Record<CommitPhase, Subscriber[]> = { caches: [], workers: [] };

/** Subscribes `run` to every commit that noted something, in `phase`; answers the unsubscribe. */
export function onCommitted(phase: CommitPhase, name: string, run: Subscriber['run']): () => void {
  const subscriber = { name, run };
  subscribers[phase].push(subscriber);
  return () => {
    const list = subscribers[phase];
    const i = list.indexOf(subscriber);
    if (i >= 0) list.splice(i, 1);
  };
}

function failed(name: string, err: unknown): void {
  logger().error({ err, effect: name }, `after-commit effect ${name} failed`);
}

/** Called by the unit of work after COMMIT, and only then; never throws. */
export async function announceCommitted(committed: Committed): Promise<void> {
  for (const phase of ['caches', 'workers'] as const) {
    let pending: Promise<void>[] | null = null;
    // A copy: a subscriber that unsubscribes while it runs does not skip the next one.
    for (const s of [...subscribers[phase]]) {
      try {
        const result = s.run(committed);
        if (result) (pending ??= []).push(result.catch((err: unknown) => failed(s.name, err)));
      } catch (err) {
        failed(s.name, err);
      }
    }
    if (pending) await Promise.all(pending);
  }
}

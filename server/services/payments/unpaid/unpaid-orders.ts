// Unpaid orders are released (issue 36 item 3, decision 0167). An order holds its stock from the
// moment it is placed; one nobody pays for would hold it forever. After the owner's
// `unpaid_order_hours` (payment settings, default 48) a pending order is cancelled on its own: its
// stock and gifts go back (moveOrderStock), its coupon use is free again (uses count only orders not
// cancelled), the buyer gets the cancellation e-mail with the reason, integrators order.cancelled.
// At half the time the buyer is reminded once; nobody's order is cancelled without that reminder
// and half the time after it, so an order placed long ago (before this existed, or before the
// owner shortened the time) gets its warning first instead of vanishing at once.
//
// A payment always wins: the release locks the order row and re-checks it is still pending in the
// same transaction as the cancellation, and markOrderPaidInTx locks the same row first. Whichever
// comes second sees the other's outcome (a payment after the release answers 'cancelled', and its
// caller refunds or flags it).
//
// One instance at a time runs the pass (a session advisory lock on its own connection, as the guest
// cart cleanup and backups take turns); the others skip that run. The pass is correct without the
// lock too: every reminder is claimed with FOR UPDATE SKIP LOCKED and every release re-checks under
// its row lock, so two passes never send two reminders or cancel an order twice.
import type { PrismaClient } from '@prisma/client';
import type { SqlExecutor } from '../../../db/migrate';
import { unitOfWork } from '../../../db/unit-of-work';
import { logger } from '../../../lib/log';
import { unpaidOrdersReleased, unpaidOrderRemindersSent } from '../../../lib/metrics';
import type { MailSettings } from '../../../mail/mail.service';
import { announce } from '../../../outbox/business-events';
import { pollWorker } from '../../../lib/poll-worker';
import { changeStatusInTx } from '../../orders/orders-admin.service';
import { getPaymentSettings } from '../../settings/payment-settings.service';
import { claimDueReminders, lockOrderForRelease } from './unpaid-orders.sql';

/** Every instance contends for this advisory lock before it runs the pass. */
export const UNPAID_ORDER_RELEASE_LOCK_KEY = 727_274_167;
/** Orders per batch: reminders are one transaction per batch, releases one per order. */
const BATCH = 100;
const HOUR_MS = 60 * 60_000;
const EVERY_MS = 5 * 60_000;

interface UnpaidPassOptions {
  /** The setting: hours an order may stay unpaid. */
  hours: number;
  mail: MailSettings;
  now?: Date;
  batch?: number;
  /** Checked between batches: a stopping instance ends its run after the batch in hand. */
  stopping?: () => boolean;
}

export interface UnpaidRun {
  reminded: number;
  released: number;
}

/** The reason written to the history and the buyer's e-mail. */
const releaseNote = (hours: number) => `Not paid within ${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/**
 * One run: releases what is due, then reminds what is due. Safe to run on two instances at once
 * (see the top of this file); the lock in releaseUnpaidOrders only saves the second one the work.
 */
export async function runUnpaidOrderPass(db: PrismaClient, opts: UnpaidPassOptions): Promise<UnpaidRun> {
  const now = opts.now ?? new Date();
  const batch = opts.batch ?? BATCH;
  const halfMs = (opts.hours * HOUR_MS) / 2;
  const run: UnpaidRun = { reminded: 0, released: 0 };

  // Released: placed over the whole time ago, and reminded over half the time ago.
  const placedBefore = new Date(now.getTime() - opts.hours * HOUR_MS);
  const remindedBefore = new Date(now.getTime() - halfMs);
  const note = releaseNote(opts.hours);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    // Candidates are read without locks, oldest first, paging on (createdAt, id) so an order that
    // could not be released (paid meanwhile, or an error) is not read again in this run.
    const due: { id: string; createdAt: Date }[] = await db.order.findMany({
      where: {
        status: 'pending',
        createdAt: { lt: placedBefore },
        reminderSentAt: { lt: remindedBefore },
        ...(after ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: batch,
      select: { id: true, createdAt: true },
    });
    for (const o of due) {
      try {
        if (await releaseOne(db, o.id, { placedBefore, remindedBefore, note, mail: opts.mail })) run.released++;
      } catch (err) {
        logger().warn({ err, order_id: o.id }, 'An unpaid order could not be released; the next run tries again');
      }
    }
    if (due.length) after = due[due.length - 1]!;
    if (due.length < batch || opts.stopping?.()) break;
  }

  // Reminded: placed over half the time ago, not reminded yet. The cancellation time the e-mail
  // names is when the release above will take it: half the time after this reminder (the whole
  // time after placing is always sooner, as the order is over half the time old).
  const placedBeforeHalf = new Date(now.getTime() - halfMs);
  const cancelAt = new Date(now.getTime() + halfMs);
  while (!opts.stopping?.()) {
    const sent = await unitOfWork(db, async (tx) => {
      const claimed = await claimDueReminders(tx, { before: placedBeforeHalf, now, batch });
      if (!claimed.length) return 0;
      await announce(
        'paymentReminderDue',
        tx,
        opts.mail,
        claimed.map((o) => ({ order: o, reminder: { orderId: o.id, orderNumber: o.orderNumber, totalCents: o.totalCents, cancelAt } })),
      );
      return claimed.length;
    });
    if (sent) unpaidOrderRemindersSent.inc(sent);
    run.reminded += sent;
    if (sent < batch) break;
  }
  return run;
}

/**
 * Cancels one order in one transaction, if it is still pending and due once its row is locked.
 * Answers whether it was cancelled.
 */
async function releaseOne(db: PrismaClient, orderId: string, at: { placedBefore: Date; remindedBefore: Date; note: string; mail: MailSettings }): Promise<boolean> {
  const released = await unitOfWork(db, async (tx) => {
    const o = await lockOrderForRelease(tx, orderId);
    // Paid (or cancelled by staff or the buyer) a moment ago: theirs stands, this order is left alone.
    if (!o || o.status !== 'pending') return false;
    if (!(o.createdAt < at.placedBefore && o.reminderSentAt && o.reminderSentAt < at.remindedBefore)) return false;
    await changeStatusInTx(tx, { userId: null, role: 'system' }, { id: orderId, status: 'cancelled', note: at.note }, at.mail);
    return true;
  });
  if (released) unpaidOrdersReleased.inc();
  // An open Stripe Checkout page of the order would still take money for a cancelled order (the
  // webhook then answers 'cancelled' and the payment is refunded or flagged). Expiring the session
  // through Stripe after the commit would close it; no expire call exists in stripe/ yet (decision 0167).
  return released;
}

/**
 * The pass under the one-instance lock, with the hours read from the payment settings (so a change
 * in the back office applies from the next run, on every instance). Answers what it did, or null
 * when another instance holds the lock (it is doing this very work).
 */
export async function releaseUnpaidOrders(
  db: PrismaClient,
  executor: SqlExecutor,
  opts: Omit<UnpaidPassOptions, 'hours'> & { hours?: number },
): Promise<(UnpaidRun & { hours: number }) | null> {
  return executor.withConnection(async (conn) => {
    const [lock] = await conn.query('SELECT pg_try_advisory_lock($1) AS ok', [UNPAID_ORDER_RELEASE_LOCK_KEY]);
    if (!lock?.ok) return null;
    try {
      const hours = opts.hours ?? (await getPaymentSettings(db)).unpaid_order_hours;
      return { ...(await runUnpaidOrderPass(db, { ...opts, hours })), hours };
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [UNPAID_ORDER_RELEASE_LOCK_KEY]).catch(() => undefined);
    }
  });
}

/**
 * This instance's runs: the first `startDelayMs` after start, then every `everyMs` (5 minutes: an
 * order is released at most that long after its time); timers unref'd, so they never keep the
 * process alive; one run at a time. `stop()` ends the run in hand after its current batch and
 * waits for it.
 */
export function startUnpaidOrderRelease(db: PrismaClient, opts: { executor: SqlExecutor; mail: MailSettings; startDelayMs?: number; everyMs?: number }) {
  const worker = pollWorker({
    async pass(stopping) {
      const run = await releaseUnpaidOrders(db, opts.executor, { mail: opts.mail, stopping });
      if (run && (run.released || run.reminded)) {
        logger().info(
          { released: run.released, reminded: run.reminded, hours: run.hours },
          `Unpaid orders: ${run.released} cancelled after ${run.hours} hours, ${run.reminded} reminded`,
        );
      }
      return run;
    },
    firstAfterMs: opts.startDelayMs ?? 60_000,
    everyMs: opts.everyMs ?? EVERY_MS,
    onError: (err) => logger().warn({ err }, 'Unpaid order release failed; it runs again in a few minutes'),
  });
  worker.start();
  return { stop: worker.stop };
}

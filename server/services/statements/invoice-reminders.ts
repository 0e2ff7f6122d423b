// Invoice reminders (issue 40 item 5, decisions 0198 and 0199): an invoice paid on terms that is
// not paid in full is reminded on its due day and again 7 days after (reminderDays), once each, to
// the company's admins and the buyer who placed the order, through the outbox.
//
// Each reminder is claimed with FOR UPDATE SKIP LOCKED and stamped in the transaction that queues
// its e-mails (invoice-reminders.sql.ts), so two passes at once, on one instance or several, never
// send one twice, and a crash between the two sends none rather than half. A reminder's day begins at
// 8 am Singapore time, so nobody is told at midnight that something is due "today".
import type { Prisma, PrismaClient } from '@prisma/client';
import { formatInvoiceNumber } from '../../../shared/domain/invoice';
import { shopDay } from '../../../shared/domain/shop-time';
import { unitOfWork } from '../../db/unit-of-work';
import { logger } from '../../lib/log';
import { invoiceRemindersSent } from '../../lib/metrics';
import { pollWorker } from '../../lib/poll-worker';
import type { MailSettings } from '../../mail/mail.service';
import { announce, type InvoiceReminder } from '../../outbox/business-events';
import { claimInvoiceReminders, type ClaimedInvoice } from './invoice-reminders.sql';

type Tx = Prisma.TransactionClient;

const BATCH = 100;
const EVERY_MS = 15 * 60_000;
/** The reminders' day starts this many hours after midnight in Singapore. */
const SEND_FROM_HOUR = 8;

/** The Singapore day whose reminders are due at `now`: yesterday until 8 am. */
export const reminderDay = (now: Date): string => shopDay(new Date(now.getTime() - SEND_FROM_HOUR * 60 * 60_000));

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || fullName;

/** Who reads each claimed invoice: its company's admins, then its buyer unless already among them. */
async function remindersOf(tx: Tx, stage: 'due' | 'overdue', claimed: ClaimedInvoice[]): Promise<InvoiceReminder[]> {
  const companyIds = [...new Set(claimed.map((o) => o.companyId).filter((id): id is string => id !== null))];
  const userIds = [...new Set(claimed.map((o) => o.userId).filter((id): id is string => id !== null))];
  const [companies, buyers] = await Promise.all([
    tx.company.findMany({
      where: { id: { in: companyIds } },
      select: { id: true, name: true, members: { where: { role: 'admin' }, select: { user: { select: { email: true, firstName: true } } }, orderBy: { createdAt: 'asc' } } },
    }),
    tx.user.findMany({ where: { id: { in: userIds } }, select: { id: true, firstName: true } }),
  ]);
  const companyOf = new Map(companies.map((c) => [c.id, c]));
  const buyerName = new Map(buyers.map((u) => [u.id, u.firstName]));
  return claimed.map((o) => {
    const company = o.companyId ? companyOf.get(o.companyId) : undefined;
    const recipients = (company?.members ?? []).map((m) => ({ email: m.user.email, name: m.user.firstName || firstName(o.shipFullName), admin: true }));
    if (!recipients.some((r) => r.email.toLowerCase() === o.email.toLowerCase())) {
      recipients.push({ email: o.email, name: (o.userId && buyerName.get(o.userId)) || firstName(o.shipFullName), admin: false });
    }
    return {
      stage,
      orderId: o.id,
      recipients,
      companyName: company?.name ?? 'Your company',
      invoice: o.invoiceNumber == null ? o.orderNumber : formatInvoiceNumber(o.invoiceNumber),
      orderNumber: o.orderNumber,
      totalCents: o.totalCents,
      owedCents: o.owedCents,
      dueDay: o.dueDay,
    };
  });
}

export interface InvoiceReminderRun {
  due: number;
  overdue: number;
}

/** One run: the overdue reminders first (they also stamp a due one never sent), then the due ones. */
export async function runInvoiceReminderPass(db: PrismaClient, opts: { mail: MailSettings; now?: Date; batch?: number; stopping?: () => boolean }): Promise<InvoiceReminderRun> {
  const now = opts.now ?? new Date();
  const today = reminderDay(now);
  const batch = opts.batch ?? BATCH;
  const run: InvoiceReminderRun = { due: 0, overdue: 0 };
  for (const stage of ['overdue', 'due'] as const) {
    while (!opts.stopping?.()) {
      const sent = await unitOfWork(db, async (tx) => {
        const claimed = await claimInvoiceReminders(tx, { stage, today, now, batch });
        if (!claimed.length) return 0;
        await announce('invoiceReminderDue', tx, opts.mail, await remindersOf(tx, stage, claimed));
        return claimed.length;
      });
      if (sent) invoiceRemindersSent.inc({ stage }, sent);
      run[stage] += sent;
      if (sent < batch) break;
    }
  }
  return run;
}

/**
 * This instance's runs: the first a minute after start, then every 15 minutes (a reminder leaves at
 * most that long after 8 am on its day); timers unref'd; one run at a time; `stop()` ends the run in
 * hand after its current batch and waits for it.
 */
export function startInvoiceReminders(db: PrismaClient, opts: { mail: MailSettings; startDelayMs?: number; everyMs?: number }) {
  const worker = pollWorker({
    async pass(stopping) {
      const run = await runInvoiceReminderPass(db, { mail: opts.mail, stopping });
      if (run.due || run.overdue) logger().info(run, `Invoice reminders: ${run.due} due today, ${run.overdue} 7 days overdue`);
      return run;
    },
    firstAfterMs: opts.startDelayMs ?? 60_000,
    everyMs: opts.everyMs ?? EVERY_MS,
    onError: (err) => logger().warn({ err }, 'Invoice reminders failed; they run again in a few minutes'),
  });
  worker.start();
  return { stop: worker.stop };
}

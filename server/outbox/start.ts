import type { PrismaClient } from '@prisma/client';
import type { Env } from '../env';
import { createOutboxSender } from './sender';
import { smtpTransport } from './transport';
import { logger } from '../lib/log';

/** The sender of this instance: SMTP when SMTP_URL is set, otherwise messages are kept for the back office. */
export function startOutboxSender(db: PrismaClient, env: Env) {
  const transport = env.SMTP_URL ? smtpTransport(env.SMTP_URL) : null;
  if (transport) {
    const host = new URL(env.SMTP_URL!).host;
    logger().info(`E-mail: delivered through SMTP at ${host}`);
    // A wrong host or password is told at start, but the shop still starts: messages wait in the outbox.
    transport.verify().catch((err: Error) => logger().warn(`E-mail: cannot reach the SMTP server at ${host} (${err.message}); messages will wait in the outbox and be retried.`));
  } else {
    logger().info('E-mail: SMTP_URL is not set, so e-mails are kept and readable in the back office (Messages > Sent e-mail).');
  }
  const sender = createOutboxSender(db, { transport, from: env.MAIL_FROM });
  sender.start();
  return sender;
}

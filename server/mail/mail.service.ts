import type { Prisma, PrismaClient } from '@prisma/client';
import type { MailContext, RenderedEmail } from './render';
import { enqueueEmail } from '../outbox/outbox';
import type { OneTimeSecret } from '../outbox/secrets';
import type { SqlClient } from '../db/sql-client';
import type { ShopProfile } from '../../shared/schemas/shop-profile.schema';
import { getShopProfile } from '../services/settings/shop-profile.service';

type Tx = Prisma.TransactionClient | PrismaClient;

/** What e-mails need from the configuration (server/env.ts): link origin and the staff inbox. */
export interface MailSettings {
  publicUrl: string;
  /** Staff notifications; the shop e-mail from the settings when not set. */
  staffEmail?: string;
  /** SMTP_URL is set (the back office says whether messages are delivered or only kept). */
  smtpConfigured?: boolean;
}

export const defaultMailSettings: MailSettings = { publicUrl: 'http://localhost:3000' };

export interface Mailer {
  ctx: MailContext;
  staffEmail: string;
  /** Queues a rendered message in the caller's transaction. */
  queue(template: string, to: string, email: RenderedEmail, orderId?: string | null): Promise<void>;
  /** Queues a message whose bodies hold ONE_TIME_LINK: the sender issues the link at delivery. */
  queueWithSecret(template: string, to: string, email: RenderedEmail, secret: OneTimeSecret): Promise<void>;
}

/** Reads the shop profile once (inside the transaction) and queues messages rendered with it. */
export async function mailer(tx: Tx, settings: MailSettings): Promise<Mailer> {
  return mailerWith(tx, settings, await getShopProfile(tx));
}

/** The same, with the shop profile already read (order placement reads it with its other rules). */
export function mailerWith(tx: SqlClient, settings: MailSettings, shop: ShopProfile): Mailer {
  return {
    ctx: { shop, publicUrl: settings.publicUrl.replace(/\/$/, '') },
    staffEmail: settings.staffEmail ?? shop.email,
    queue: (template, to, email, orderId) => enqueueEmail(tx, { template, to, ...email, orderId }),
    queueWithSecret: (template, to, email, secret) => enqueueEmail(tx, { template, to, ...email, secret }),
  };
}

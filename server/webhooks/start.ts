import type { PrismaClient } from '@prisma/client';
import type { Env } from '../env';
import { createWebhookSender } from './sender';
import { logger } from '../lib/log';

/** The webhook sender of this instance (server/index.ts); tests run their own. */
export function startWebhookSender(db: PrismaClient, env: Env) {
  if (env.WEBHOOK_ALLOW_PRIVATE) logger().info('Webhooks: WEBHOOK_ALLOW_PRIVATE=1, so endpoints on private and loopback addresses are allowed.');
  const sender = createWebhookSender(db, { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE });
  sender.start();
  return sender;
}

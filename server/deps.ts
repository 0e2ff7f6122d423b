import type { PrismaClient } from '@prisma/client';
import { subscribeAfterCommit } from './after-commit';
import { createLucia, type AppLucia } from './auth/lucia';
import { BackupCenter } from './backups/center';
import { createRateLimiters, type RateLimiters } from './auth/rate-limit';
import { defaultMailSettings, type MailSettings } from './mail/mail.service';
import { IMAGE_FETCH_TIMEOUT_MS, type ImageSource } from './services/catalogue/product-images.service';
import type { StripeSettings } from './services/stripe/config';
import type { ImageStorage } from './storage/image-storage';

/** Everything a request needs beyond its own headers; built once per app (tests build their own). */
export interface AppDeps {
  db: PrismaClient;
  storage: ImageStorage;
  lucia: AppLucia;
  limiters: RateLimiters;
  mail: MailSettings;
  /** allowPrivate: WEBHOOK_ALLOW_PRIVATE (endpoints on private or loopback addresses are accepted). */
  webhooks: { allowPrivate: boolean };
  /** Fetching product images from https:// addresses; ca: trusted authorities instead of Node's (tests only). */
  imageFetch: { timeoutMs: number; ca?: string };
  /** The shop's own backups in BACKUP_DIR (off unless the server or a test gives one). */
  backups: BackupCenter;
  /** Stripe Checkout when configured (server/services/stripe/config.ts); null: no online payment. */
  stripe: StripeSettings | null;
}

export function createDeps(
  db: PrismaClient,
  storage: ImageStorage,
  opts: { rateLimitScale?: number; mail?: MailSettings; webhookAllowPrivate?: boolean; sessionMaxDays?: number; backups?: BackupCenter; stripe?: StripeSettings | null } = {},
): AppDeps {
  // What follows a committed write (cache drops, workers, invoice numbering): wired once per process.
  subscribeAfterCommit();
  return {
    db,
    storage,
    lucia: createLucia(db, opts.sessionMaxDays),
    limiters: createRateLimiters(db, { scale: opts.rateLimitScale }),
    mail: opts.mail ?? defaultMailSettings,
    webhooks: { allowPrivate: opts.webhookAllowPrivate ?? false },
    imageFetch: { timeoutMs: IMAGE_FETCH_TIMEOUT_MS },
    backups: opts.backups ?? BackupCenter.off(),
    stripe: opts.stripe ?? null,
  };
}

/** Outside images are fetched under the webhook guard's switch: one setting for "may the shop reach private addresses". */
export const imageSourceOf = (deps: AppDeps): ImageSource => ({ storage: deps.storage, allowPrivate: deps.webhooks.allowPrivate, ...deps.imageFetch });

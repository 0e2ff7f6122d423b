import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './db/pool';
import { parseHost, parsePublicUrl } from './lib/public-origin';

/** How long a session lives however often it is used (SESSION_MAX_DAYS); it slides for 30 days within it. */
export const DEFAULT_SESSION_MAX_DAYS = 90;

/** A switch read as 1/true or 0/false; unset, it is `byDefault`. */
const onOff = (name: string, byDefault: boolean) =>
  z
    .enum(['', '0', '1', 'false', 'true'], { error: `${name} must be 1 or 0` })
    .default('')
    .transform((v) => (v === '' ? byDefault : v === '1' || v === 'true'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** When the shop runs as root: the system user its embedded PostgreSQL server runs as (PostgreSQL refuses root). */
  EMBEDDED_DB_USER: z.string().regex(/^[a-z_][a-z0-9_-]*$/i, 'EMBEDDED_DB_USER must be a system user name').default('postgres'),
  /**
   * Settings for the embedded PostgreSQL server over the shop's small defaults (decision 0149), e.g.
   * `shared_buffers=128MB,work_mem=8MB`: comma-separated name=value pairs, passed as `-c name=value`.
   */
  EMBEDDED_DB_SETTINGS: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || v.split(',').every((pair) => /^\s*[a-z_][a-z0-9_.]*\s*=\s*[^,=;\s][^,=;]*$/i.test(pair)), 'EMBEDDED_DB_SETTINGS must be name=value pairs separated by commas, e.g. shared_buffers=128MB,work_mem=8MB')
    .transform((v) => Object.fromEntries(v.split(',').filter((pair) => pair.trim()).map((pair) => pair.split('=').map((part) => part.trim()) as [string, string]))),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAIL: z.string().email().optional().or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z.string().min(8).optional().or(z.literal('').transform(() => undefined)),
  /** Skip seeding the catalogue (bench and tests seed what they need). */
  SEED: z.enum(['auto', 'none']).default('auto'),
  /** The shop's public address, e.g. https://shop.example: used for every absolute URL it publishes. */
  PUBLIC_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || isPublicUrl(v), 'PUBLIC_URL must be an http:// or https:// URL')
    .transform((v) => (v === '' ? undefined : parsePublicUrl(v)))
    .optional(),
  /** Without PUBLIC_URL, the Host headers believed for absolute URLs (comma-separated host[:port]). */
  ALLOWED_HOSTS: z
    .string()
    .transform((v) => v.split(',').map((h) => h.trim()).filter(Boolean))
    .refine((hosts) => hosts.every((h) => parseHost(h)), 'ALLOWED_HOSTS must be host names, comma-separated (e.g. shop.example,localhost:3000)')
    .optional(),
  /** Multiplies every rate-limit allowance; only the bench and the e2e server raise it. */
  RATE_LIMIT_SCALE: z.coerce.number({ error: 'RATE_LIMIT_SCALE must be a number' }).int().min(1).default(1),
  /** smtp://user:pass@host:587 or smtps://...:465. Without it e-mails are kept in the back office. */
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, 'SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The From header of every e-mail. */
  MAIL_FROM: z
    .string()
    .regex(/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'MAIL_FROM must be an address, e.g. "PackShop <orders@example.com>"')
    .default('PackShop <no-reply@packshop.local>'),
  /** Where staff notifications go (contact form, low stock); defaults to the shop e-mail in the settings. */
  STAFF_EMAIL: z.string().email('STAFF_EMAIL must be an e-mail address').optional().or(z.literal('').transform(() => undefined)),
  // Running it as a service (docs/deploy.md).
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Bearer token for GET /metrics on the main port; unset (and no METRICS_PORT) means no metrics endpoint. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional().or(z.literal('').transform(() => undefined)),
  /** A separate port serving only /metrics (keep it off the public network). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional().or(z.literal('').transform(() => undefined)),
  /** Where uploaded images live: the local DATA_DIR/uploads, or the database every instance shares. */
  IMAGE_STORE: z.enum(['disk', 'db']).optional().or(z.literal('').transform(() => undefined)),
  /** Stripe Checkout (decision 0165): both keys turn it on; STRIPE_API_URL points the client at a Stripe-compatible server. */
  STRIPE_SECRET_KEY: z.string().trim().regex(/^(sk|rk)_(test|live)_\S+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)').optional().or(z.literal('').transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z.string().trim().regex(/^whsec_\S+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)').optional().or(z.literal('').transform(() => undefined)),
  STRIPE_API_URL: z.string().trim().url('STRIPE_API_URL must be a URL such as http://127.0.0.1:12111').optional().or(z.literal('').transform(() => undefined)),
  /** 1: webhook endpoints may be on private, loopback or link-local addresses (tests, a receiver on your own network). */
  WEBHOOK_ALLOW_PRIVATE: onOff('WEBHOOK_ALLOW_PRIVATE', false),
  /**
   * 0: the responsive copies of product images are made only when first asked for, not all in the
   * background after start (~25 s of a core for the seeded catalogue). The journeys' shops use it.
   */
  IMAGE_COPIES_AT_START: onOff('IMAGE_COPIES_AT_START', true),
  /** Days a sign-in lasts however often it is used (it slides for 30 days within that); then it is refused and deleted. */
  SESSION_MAX_DAYS: z.coerce
    .number({ error: 'SESSION_MAX_DAYS must be a whole number of days' })
    .int('SESSION_MAX_DAYS must be a whole number of days')
    .min(1, 'SESSION_MAX_DAYS must be at least 1')
    .max(3650, 'SESSION_MAX_DAYS must be at most 3650')
    .default(DEFAULT_SESSION_MAX_DAYS),
  /** Days a guest cart may go untouched before the hourly cleanup removes it with its lines (decision 0163). */
  GUEST_CART_DAYS: z.coerce
    .number({ error: 'GUEST_CART_DAYS must be a whole number of days' })
    .int('GUEST_CART_DAYS must be a whole number of days')
    .min(1, 'GUEST_CART_DAYS must be at least 1')
    .max(3650, 'GUEST_CART_DAYS must be at most 3650')
    .default(30),
  /** How long a stopping instance lets in-flight requests finish before it closes them. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * How long one database statement of a request may run before the server cancels it (503); the
   * shop also closes a connection whose query has had no answer for 5 s longer (a frozen server).
   * 0 turns both off. The migration runner, backups and restores have no such limit.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number({ error: 'DB_STATEMENT_TIMEOUT_MS must be a number of milliseconds' }).int().min(0).max(3_600_000).default(DEFAULT_STATEMENT_TIMEOUT_MS),
  // Backups the shop writes by itself (docs/deploy.md, decision 0130).
  /** Where the shop writes its backups; `off` turns them off. Default DATA_DIR/backups. */
  BACKUP_DIR: z.string().trim().optional().or(z.literal('').transform(() => undefined)),
  /** The hour (0-23, shop time zone) of the daily backup. */
  BACKUP_HOUR: z.coerce.number({ error: 'BACKUP_HOUR must be an hour from 0 to 23' }).int('BACKUP_HOUR must be an hour from 0 to 23').min(0, 'BACKUP_HOUR must be an hour from 0 to 23').max(23, 'BACKUP_HOUR must be an hour from 0 to 23').default(3),
  /** How many days keep their newest backup. */
  BACKUP_KEEP_DAILY: z.coerce.number({ error: 'BACKUP_KEEP_DAILY must be a whole number from 1 to 366' }).int('BACKUP_KEEP_DAILY must be a whole number from 1 to 366').min(1, 'BACKUP_KEEP_DAILY must be a whole number from 1 to 366').max(366, 'BACKUP_KEEP_DAILY must be a whole number from 1 to 366').default(7),
  /** How many older ISO weeks keep their newest backup. */
  BACKUP_KEEP_WEEKLY: z.coerce.number({ error: 'BACKUP_KEEP_WEEKLY must be a whole number from 0 to 520' }).int('BACKUP_KEEP_WEEKLY must be a whole number from 0 to 520').min(0, 'BACKUP_KEEP_WEEKLY must be a whole number from 0 to 520').max(520, 'BACKUP_KEEP_WEEKLY must be a whole number from 0 to 520').default(4),
  /** How long after start the shop looks for a backup under a day old (and takes one if there is none). */
  BACKUP_START_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(90_000),
});

function isPublicUrl(value: string): boolean {
  try {
    parsePublicUrl(value);
    return true;
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  imageStore: 'disk' | 'db';
  /** The absolute backup directory, or null when BACKUP_DIR=off. */
  backupDir: string | null;
};

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const imageStore = parsed.data.IMAGE_STORE ?? (parsed.data.DATABASE_URL ? 'db' : 'disk');
  const dataDir = resolve(parsed.data.DATA_DIR);
  const backupSetting = parsed.data.BACKUP_DIR;
  const backupDir = backupSetting?.toLowerCase() === 'off' ? null : resolve(backupSetting ?? join(dataDir, 'backups'));
  return { ...parsed.data, dataDir, imageStore, backupDir };
}

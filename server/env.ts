import { resolve } from 'node:path';
import { z } from 'zod';
import { parseHost, parsePublicUrl } from './lib/public-origin';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
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
});

function isPublicUrl(value: string): boolean {
  try {
    parsePublicUrl(value);
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof envSchema> & { dataDir: string };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR) };
}

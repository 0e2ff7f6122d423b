import { createHash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '@prisma/client';
import type { User } from 'lucia';
import { AppError } from '../../shared/errors';
import { userSelect } from './user.mapper';

// API keys: `psk_<prefix>_<secret>`. The prefix (12 hex characters) is stored and shown so staff can
// tell keys apart; the whole key is stored only as a SHA-256 hash (it carries 192 random bits, so a
// fast hash is enough: there is nothing to guess). Each request looks the key up, so a revoked key
// answers 401 at once on every instance.

const API_KEY_PREFIX = 'psk_';

export interface ApiKeyPrincipal {
  id: string;
  name: string;
  scopes: string[];
  /** The admin who created the key: changes made through it are recorded under their name. */
  user: User;
}

export const isApiKeyToken = (token: string | null): token is string => !!token && token.startsWith(API_KEY_PREFIX);

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function newApiKey(): { key: string; prefix: string; secretHash: string } {
  const prefix = `${API_KEY_PREFIX}${randomBytes(6).toString('hex')}`;
  const key = `${prefix}_${randomBytes(24).toString('base64url')}`;
  return { key, prefix, secretHash: hashApiKey(key) };
}

const TOUCH_EVERY_MS = 60_000;

/** The key behind a bearer token, or null when it is unknown, revoked or its creator is no longer an admin. */
export async function resolveApiKey(db: PrismaClient, token: string): Promise<ApiKeyPrincipal | null> {
  if (token.length > 200) return null;
  const row = await db.apiKey.findUnique({
    where: { secretHash: hashApiKey(token) },
    select: { id: true, name: true, scopes: true, revokedAt: true, lastUsedAt: true, createdBy: { select: userSelect } },
  });
  if (!row || row.revokedAt || row.createdBy.role !== 'admin') return null;
  // Last use is kept to the minute: one write a minute per key, not one per request.
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.apiKey.updateMany({ where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - TOUCH_EVERY_MS) } }] }, data: { lastUsedAt: new Date(now) } });
  }
  return { id: row.id, name: row.name, scopes: row.scopes, user: row.createdBy as User };
}

export const INVALID_KEY = 'This API key is not valid or has been revoked.';

/** The key may call what its scopes allow, and never user, role or key management. */
export function requireScope(key: ApiKeyPrincipal, scope: string | null): void {
  if (!scope) throw new AppError('FORBIDDEN', 'API keys cannot manage users, roles, API keys or webhooks.');
  if (!key.scopes.includes(scope)) throw new AppError('FORBIDDEN', `This API key lacks the scope ${scope}.`);
}

import type { PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { notFound } from '../../../shared/errors';
import type { createApiKeyInput } from '../../../shared/schemas/api-keys.schema';
import { newApiKey } from '../../auth/api-keys';
import { newId } from '../../db/ids';

const rowSelect = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  createdBy: { select: { displayName: true, email: true } },
} as const;

type Row = { id: string; name: string; prefix: string; scopes: string[]; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null; createdBy: { displayName: string; email: string } };

const toRow = (k: Row) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes,
  created_by: k.createdBy.displayName || k.createdBy.email,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
});

/** Every key, active first, newest first. */
export async function listApiKeys(db: PrismaClient) {
  const rows = await db.apiKey.findMany({ select: rowSelect, orderBy: [{ revokedAt: { sort: 'desc', nulls: 'first' } }, { createdAt: 'desc' }], take: 500 });
  return rows.map(toRow);
}

/** Creates a key; the secret is in this answer and nowhere else, ever. */
export async function createApiKey(db: PrismaClient, adminId: string, input: z.infer<typeof createApiKeyInput>) {
  const { key, prefix, secretHash } = newApiKey();
  const row = await db.apiKey.create({ data: { id: newId(), name: input.name, scopes: input.scopes, prefix, secretHash, createdById: adminId }, select: rowSelect });
  return { ...toRow(row), secret: key };
}

/** Revokes a key at once; revoking twice keeps the first time. */
export async function revokeApiKey(db: PrismaClient, id: string) {
  const existing = await db.apiKey.findUnique({ where: { id }, select: { revokedAt: true } });
  if (!existing) throw notFound('API key not found');
  const row = existing.revokedAt
    ? await db.apiKey.findUniqueOrThrow({ where: { id }, select: rowSelect })
    : await db.apiKey.update({ where: { id }, data: { revokedAt: new Date() }, select: rowSelect });
  return toRow(row);
}

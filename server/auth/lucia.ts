import { createHash } from 'node:crypto';
import type { PrismaClient } from '@prisma/client';
import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser, type Session } from 'lucia';
import { plainSql, type SqlClient } from '../db/sql-client';
import type { AppUser } from './user.mapper';
import { extendSession, readSessionWithUser } from './session.sql';
import { DEFAULT_SESSION_MAX_DAYS } from '../env';

const DAY_MS = 86_400_000;

/**
 * The Session row's id: the SHA-256 of the token the client holds. A copy of the database (a
 * backup, a dump) therefore holds no token that signs anyone in (docs/security.md, secrets at rest).
 */
export const sessionRowId = (token: string) => createHash('sha256').update(token).digest('hex');

// lucia v3 with a small Prisma-backed adapter (the published one does not support Prisma 6).
// lucia hands the adapter the token; the adapter stores and looks up only its hash (sessionRowId)
// and answers lucia with the token again, so lucia and its callers never see the hash.
// lucia only knows a sliding expiry, so the absolute one is applied here: a session is read with
// its expiry capped at createdAt + maxDays (lucia then deletes it as expired once that is past),
// and an extension is stored capped the same way.
class PrismaSessionAdapter implements Adapter {
  // The read on every signed-in request the session cache misses goes through the pool's plain connection.
  private readonly sql: SqlClient;

  constructor(
    private readonly db: PrismaClient,
    private readonly maxDays: number,
  ) {
    this.sql = plainSql(db);
  }

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const row = await readSessionWithUser(this.sql, sessionRowId(sessionId));
    if (!row) return [null, null];
    const { user, ...session } = row;
    const absoluteExpiresAt = new Date(session.createdAt.getTime() + this.maxDays * DAY_MS);
    return [
      { id: sessionId, userId: session.userId, expiresAt: earliest(session.expiresAt, absoluteExpiresAt), attributes: { absoluteExpiresAt } },
      { id: user.id, attributes: user },
    ];
  }

  /** Unused by the shop; the tokens are not stored, so the sessions cannot be answered by token. */
  async getUserSessions(): Promise<DatabaseSession[]> {
    throw new Error('Session tokens are stored hashed: sessions cannot be listed by token');
  }

  async setSession(session: DatabaseSession): Promise<void> {
    await this.db.session.create({ data: { id: sessionRowId(session.id), userId: session.userId, expiresAt: session.expiresAt }, select: { id: true } });
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    await extendSession(this.db, sessionRowId(sessionId), expiresAt, this.maxDays);
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.session.deleteMany({ where: { id: sessionRowId(sessionId) } });
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.session.deleteMany({ where: { userId } });
  }

  async deleteExpiredSessions(): Promise<void> {
    const now = new Date();
    await this.db.session.deleteMany({
      where: { OR: [{ expiresAt: { lte: now } }, { createdAt: { lte: new Date(now.getTime() - this.maxDays * DAY_MS) } }] },
    });
  }
}

const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/**
 * lucia answers an extended session with now + 30 days; the caller (and the session cache, which
 * trusts a session until its expiresAt) must see the absolute end when it comes first.
 */
export function withinLifetime(session: Session): Session {
  const end = session.absoluteExpiresAt;
  return end && end.getTime() < session.expiresAt.getTime() ? { ...session, expiresAt: end } : session;
}

type SessionUserAttributes = AppUser;

export function createLucia(db: PrismaClient, maxDays = DEFAULT_SESSION_MAX_DAYS) {
  return new Lucia(new PrismaSessionAdapter(db, maxDays), {
    sessionExpiresIn: new TimeSpan(30, 'd'),
    // Only sessions read back from the database carry it (a new one ends after the sliding period anyway).
    getSessionAttributes: (attributes) => ({ absoluteExpiresAt: (attributes as { absoluteExpiresAt?: Date }).absoluteExpiresAt ?? null }),
    // No cookies are ever set (bearer tokens only), so the cookie attributes never reach a browser.
    sessionCookie: { attributes: { secure: true } },
    getUserAttributes: (attributes) => attributes as SessionUserAttributes,
  });
}

export type AppLucia = ReturnType<typeof createLucia>;

declare module 'lucia' {
  interface Register {
    Lucia: AppLucia;
    DatabaseUserAttributes: SessionUserAttributes;
  }
}

import type { PrismaClient } from '@prisma/client';
import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import type { Role } from '../../shared/constants';

// lucia v3 with a small Prisma-backed adapter (the published one does not support Prisma 6).
class PrismaSessionAdapter implements Adapter {
  constructor(private readonly db: PrismaClient) {}

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const row = await this.db.session.findUnique({
      where: { id: sessionId },
      select: { id: true, userId: true, expiresAt: true, user: { select: userAttributesSelect } },
    });
    if (!row) return [null, null];
    const { user, ...session } = row;
    return [
      { id: session.id, userId: session.userId, expiresAt: session.expiresAt, attributes: {} },
      { id: user.id, attributes: user },
    ];
  }

  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    const rows = await this.db.session.findMany({ where: { userId } });
    return rows.map((s) => ({ id: s.id, userId: s.userId, expiresAt: s.expiresAt, attributes: {} }));
  }

  async setSession(session: DatabaseSession): Promise<void> {
    await this.db.session.create({ data: { id: session.id, userId: session.userId, expiresAt: session.expiresAt } });
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    await this.db.session.updateMany({ where: { id: sessionId }, data: { expiresAt } });
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.session.deleteMany({ where: { id: sessionId } });
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.session.deleteMany({ where: { userId } });
  }

  async deleteExpiredSessions(): Promise<void> {
    await this.db.session.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  }
}

export const userAttributesSelect = {
  id: true,
  email: true,
  role: true,
  firstName: true,
  lastName: true,
  displayName: true,
  phone: true,
  lastUsedAddressId: true,
} as const;

export interface SessionUserAttributes {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  displayName: string;
  phone: string | null;
  lastUsedAddressId: string | null;
}

export function createLucia(db: PrismaClient) {
  return new Lucia(new PrismaSessionAdapter(db), {
    sessionExpiresIn: new TimeSpan(30, 'd'),
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

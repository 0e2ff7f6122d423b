// In auth, beside the session cache it drops: companies and price lists both change what a session carries.
// What a session carries includes the user's company and role in it (server/auth/user.mapper.ts
// userSelect), so every change to a company's details or members drops the cached sessions of the
// people concerned when the unit of work commits: a removed member loses access at once.
import type { Prisma } from '@prisma/client';
import { noteSessionsChanged } from '../db/unit-of-work';

export async function noteMembersChanged(tx: Prisma.TransactionClient, companyId: string): Promise<void> {
  const members = await tx.companyMember.findMany({ where: { companyId }, select: { userId: true } });
  for (const m of members) noteSessionsChanged(tx, { userId: m.userId });
}

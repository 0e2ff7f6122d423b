// Withdrawing a company invitation (decision 0195), for the owner's staff and the company's own
// admins: the open invitations are listed, and a withdrawn one's link stops working at once
// (company-invitations.service.ts takes only rows with no `revokedAt`).
import type { Prisma, PrismaClient } from '@prisma/client';
import { notFound } from '../../../shared/errors';
import { invitationSelect, toInvitationDto } from './company.mapper';

type Db = PrismaClient | Prisma.TransactionClient;

const open = () => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } });

/** The company's invitations still waiting for an answer, newest first. */
export async function openInvitations(db: Db, companyId: string) {
  const rows = await db.companyInvitation.findMany({ where: { companyId, ...open() }, select: invitationSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return rows.map(toInvitationDto);
}

/**
 * Withdraws one open invitation of the company. Another company's invitation, an unknown id, and one
 * already accepted, withdrawn or expired all answer 404: there is nothing left to withdraw. Taken
 * only while still open, so an accept at the same moment either joins first or finds it withdrawn.
 */
export async function withdrawInvitation(db: Db, companyId: string, invitationId: string): Promise<void> {
  const { count } = await db.companyInvitation.updateMany({ where: { id: invitationId, companyId, ...open() }, data: { revokedAt: new Date() } });
  if (!count) throw notFound('No open invitation with this id: it was accepted, withdrawn or has expired');
}

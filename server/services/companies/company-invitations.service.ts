// Accepting a company invitation (decision 0188). The link carries a token whose SHA-256 alone is
// stored; it works once, until it expires or a newer invitation replaces it. The new buyer signs up
// with the invited e-mail (the ordinary registration) or signs in with it, then accepts.
import type { PrismaClient } from '@prisma/client';
import { AppError, conflict, notFound } from '../../../shared/errors';
import { lockUser } from '../../db/user-lock.sql';
import { noteSessionsChanged, unitOfWork } from '../../db/unit-of-work';
import { hashSecret } from '../../outbox/secrets';
import { announceMember } from './company-events';
import { M as MEMBERS } from './company-members.service';

const GONE = 'This invitation link is not valid any more: it was used, withdrawn or has expired. Ask the company for a new one.';

const WITHDRAWN = 'This invitation was withdrawn by the company. Ask the company for a new one if you still need to join.';

const openByToken = (token: string) => ({ tokenHash: hashSecret(token), acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } });

/**
 * Why a link does not open an invitation: withdrawn by the company (decision 0195) says so; used,
 * replaced, expired or made up say the general words. A newer invitation to the same e-mail also
 * withdraws the older, which then reads as withdrawn too: the newer e-mail is the one to use.
 */
async function gone(db: Pick<PrismaClient, 'companyInvitation'>, token: string) {
  const row = await db.companyInvitation.findFirst({ where: { tokenHash: hashSecret(token) }, select: { acceptedAt: true, revokedAt: true } });
  return notFound(row?.revokedAt && !row.acceptedAt ? WITHDRAWN : GONE);
}

/** What the invitation page shows before the buyer signs up or in. */
export async function previewInvitation(db: PrismaClient, token: string) {
  const inv = await db.companyInvitation.findFirst({ where: openByToken(token), select: { email: true, role: true, expiresAt: true, company: { select: { name: true } } } });
  if (!inv) throw await gone(db, token);
  return { company_name: inv.company.name, email: inv.email, role: inv.role, expires_at: inv.expiresAt.toISOString() };
}

/** The signed-in buyer, with the invited e-mail, joins the company; the link is used up. */
export async function acceptInvitation(db: PrismaClient, user: { id: string; email: string }, token: string) {
  return unitOfWork(db, async (tx) => {
    const inv = await tx.companyInvitation.findFirst({ where: openByToken(token), select: { id: true, email: true, role: true, companyId: true } });
    if (!inv) throw await gone(tx, token);
    if (inv.email !== user.email) throw new AppError('FORBIDDEN', `This invitation is for ${inv.email}: sign in with that e-mail address to accept it`);
    await lockUser(tx, user.id);
    const member = await tx.companyMember.findUnique({ where: { userId: user.id }, select: { companyId: true } });
    if (member) throw conflict(member.companyId === inv.companyId ? MEMBERS.already(user.email) : MEMBERS.otherCompany(user.email));
    // Used once: the row is taken only while still open, so two accepts at once cannot both join.
    const { count } = await tx.companyInvitation.updateMany({ where: { id: inv.id, acceptedAt: null, revokedAt: null }, data: { acceptedAt: new Date() } });
    if (!count) throw notFound(GONE);
    await tx.companyMember.create({ data: { userId: user.id, companyId: inv.companyId, role: inv.role } });
    noteSessionsChanged(tx, { userId: user.id });
    await announceMember(tx, 'company.member_added', inv.companyId, user.id);
    return { company_id: inv.companyId, role: inv.role };
  });
}

// Adding, removing and re-roling a company's members, for the owner (back office) and for the
// company's own admins (decision 0188). An e-mail with an account joins at once; one without gets
// an invitation whose link is made at delivery and stored as its hash only.
import type { Prisma } from '@prisma/client';
import type { z } from 'zod';
import { INVITATION_DAYS, leavesNoAdmin } from '../../../shared/domain/companies';
import { AppError, conflict, notFound } from '../../../shared/errors';
import type { addMemberInput, addMemberOutput } from '../../../shared/schemas/companies.schema';
import { newId } from '../../db/ids';
import { lockUser } from '../../db/user-lock.sql';
import { noteSessionsChanged } from '../../db/unit-of-work';
import type { MailSettings } from '../../mail/mail.service';
import { announce } from '../../outbox/business-events';
import { unissuedSecretHash } from '../../outbox/secrets';
import { announceCompany, announceMember } from './company-events';
import { invitationSelect, memberSelect, toInvitationDto, toMemberDto } from './company.mapper';

type Tx = Prisma.TransactionClient;
type Role = 'admin' | 'buyer';

export const M = {
  notFound: 'Company not found',
  memberNotFound: 'This person is not a member of the company',
  otherCompany: (email: string) => `${email} is already a member of another company; they must leave it first`,
  already: (email: string) => `${email} is already a member of this company`,
  staff: 'Staff accounts cannot join a company',
  lastAdmin: 'The company needs an admin: make another member an admin first',
};

/** Who is acting: the owner's staff may leave a company without an admin; its own admins may not. */
export interface Actor {
  userId: string;
  keepAnAdmin: boolean;
}

async function companyOrNotFound(tx: Tx, companyId: string) {
  const company = await tx.company.findUnique({ where: { id: companyId }, select: { id: true, name: true } });
  if (!company) throw notFound(M.notFound);
  return company;
}

export async function addMember(tx: Tx, companyId: string, input: z.infer<typeof addMemberInput>, actor: Actor, mail: MailSettings): Promise<z.infer<typeof addMemberOutput>> {
  const company = await companyOrNotFound(tx, companyId);
  const found = await tx.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (!found) return invite(tx, company, input, actor, mail);
  // Taken in turn per person, so two adds at once cannot both find them free.
  await lockUser(tx, found.id);
  const user = await tx.user.findUniqueOrThrow({ where: { id: found.id }, select: { id: true, role: true, membership: { select: { companyId: true } } } });
  if (user.membership) throw conflict(user.membership.companyId === companyId ? M.already(input.email) : M.otherCompany(input.email));
  if (user.role !== 'customer') throw conflict(M.staff);
  await tx.companyMember.create({ data: { userId: user.id, companyId, role: input.role } });
  noteSessionsChanged(tx, { userId: user.id });
  await announceMember(tx, 'company.member_added', companyId, user.id);
  const member = await tx.companyMember.findUniqueOrThrow({ where: { userId: user.id }, select: memberSelect });
  return { status: 'added', member: toMemberDto(member), invitation: null };
}

async function invite(tx: Tx, company: { id: string; name: string }, input: z.infer<typeof addMemberInput>, actor: Actor, mail: MailSettings) {
  // A new invitation ends the open ones for the same e-mail to the same company.
  await tx.companyInvitation.updateMany({ where: { companyId: company.id, email: input.email, acceptedAt: null, revokedAt: null }, data: { revokedAt: new Date() } });
  const row = await tx.companyInvitation.create({
    data: {
      id: newId(),
      companyId: company.id,
      email: input.email,
      role: input.role,
      tokenHash: unissuedSecretHash(),
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
      invitedById: actor.userId,
    },
    select: invitationSelect,
  });
  await announce('companyInvitationSent', tx, mail, { id: row.id, email: input.email, companyName: company.name, role: input.role, days: INVITATION_DAYS });
  return { status: 'invited' as const, member: null, invitation: toInvitationDto(row) };
}

async function membersOf(tx: Tx, companyId: string) {
  return tx.companyMember.findMany({ where: { companyId }, select: { userId: true, role: true } });
}

export async function removeMember(tx: Tx, companyId: string, userId: string, actor: Actor): Promise<void> {
  await companyOrNotFound(tx, companyId);
  const members = await membersOf(tx, companyId);
  if (!members.some((m) => m.userId === userId)) throw notFound(M.memberNotFound);
  if (actor.keepAnAdmin && leavesNoAdmin(members, userId)) throw conflict(M.lastAdmin);
  await announceMember(tx, 'company.member_removed', companyId, userId);
  await tx.companyMember.delete({ where: { userId } });
  // The removed member's sessions are dropped when this commits: no stale grant (decision 0188).
  noteSessionsChanged(tx, { userId });
}

export async function setMemberRole(tx: Tx, companyId: string, userId: string, role: Role, actor: Actor) {
  await companyOrNotFound(tx, companyId);
  const members = await membersOf(tx, companyId);
  if (!members.some((m) => m.userId === userId)) throw notFound(M.memberNotFound);
  if (role === 'buyer' && actor.keepAnAdmin && leavesNoAdmin(members, userId)) throw conflict(M.lastAdmin);
  const row = await tx.companyMember.update({ where: { userId }, data: { role }, select: memberSelect });
  noteSessionsChanged(tx, { userId });
  await announceCompany(tx, 'company.updated', companyId);
  return toMemberDto(row);
}

/** Only a company admin acts for the company; anyone else is told so. */
export function requireCompanyAdmin(membership: { role: Role; companyId: string } | null | undefined): string {
  if (!membership) throw notFound('You are not a member of a company');
  if (membership.role !== 'admin') throw new AppError('FORBIDDEN', "Only the company's admins can do this");
  return membership.companyId;
}

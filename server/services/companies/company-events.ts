// The company.* webhooks: each reads its payload when an endpoint subscribes (the events table
// hands the reader over, server/outbox/business-events.ts).
import type { Prisma } from '@prisma/client';
import { announce } from '../../outbox/business-events';
import { companySelect, memberSelect, toCompanyDto, toMemberDto } from './company.mapper';

type Tx = Prisma.TransactionClient;

const companyData = async (tx: Tx, id: string) => toCompanyDto(await tx.company.findUniqueOrThrow({ where: { id }, select: companySelect }));

export function announceCompany(tx: Tx, type: 'company.created' | 'company.updated', companyId: string) {
  return announce('companyChanged', tx, type, companyId, async () => ({ company: await companyData(tx, companyId) }));
}

/** A member joined or left: the member as they were (read now, before a removal is written). */
export async function announceMember(tx: Tx, type: 'company.member_added' | 'company.member_removed', companyId: string, userId: string) {
  const member = await tx.companyMember.findUnique({ where: { userId }, select: memberSelect });
  const user = member ? toMemberDto(member) : null;
  return announce('companyChanged', tx, type, companyId, async () => ({ company: await companyData(tx, companyId), member: user }));
}

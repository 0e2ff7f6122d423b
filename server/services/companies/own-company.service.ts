// The account's company details form (PUT /users/me with `company`), on top of companies
// (decision 0188): a private buyer who saves company details founds a company and is its admin; a
// company admin edits the company's details for every member; a buyer may not change them.
import type { Prisma } from '@prisma/client';
import type { z } from 'zod';
import { AppError, conflict } from '../../../shared/errors';
import type { companyInput } from '../../../shared/schemas/user.schema';
import { companyDetailsOf, companyDetailsSelect } from '../../auth/user.mapper';
import { newId } from '../../db/ids';
import { lockUser } from '../../db/user-lock.sql';
import { noteSessionsChanged } from '../../db/unit-of-work';
import { leavesNoAdmin } from '../../../shared/domain/companies';
import { announceCompany, announceMember } from './company-events';
import { noteMembersChanged } from '../../auth/company-sessions';

type Tx = Prisma.TransactionClient;
export type CompanyDetailsInput = z.infer<typeof companyInput>;

const M = {
  adminsOnly: "Only a company admin can change the company's details",
  lastAdmin: "You are the company's only admin: make another member an admin before you leave",
};

const detailsData = (d: CompanyDetailsInput) => ({
  name: d.name,
  country: d.country,
  registrationNumber: d.registration_number,
  taxNumber: d.tax_number ?? null,
  billingAddress: d.billing_address ?? null,
});

/**
 * Applies the form's company to the user's company in the caller's unit of work; `undefined`
 * leaves it, `null` leaves the company (the last admin of a company with other members may not).
 */
export async function saveOwnCompany(tx: Tx, userId: string, details: CompanyDetailsInput | null | undefined): Promise<void> {
  if (details === undefined) return;
  // Taken in turn per person, so two saves at once cannot both found a company for them.
  await lockUser(tx, userId);
  const member = await tx.companyMember.findUnique({ where: { userId }, select: { companyId: true, role: true, company: { select: companyDetailsSelect } } });
  if (member && member.role !== 'admin') {
    // A client that sends the whole profile back unchanged is not changing the company.
    if (details && sameDetails(companyDetailsOf(member.company), details)) return;
    throw new AppError('FORBIDDEN', M.adminsOnly);
  }
  noteSessionsChanged(tx, { userId });
  if (details === null) {
    if (member) await leaveCompany(tx, userId, member.companyId);
    return;
  }
  if (member) {
    await tx.company.update({ where: { id: member.companyId }, data: detailsData(details) });
    await noteMembersChanged(tx, member.companyId);
    await announceCompany(tx, 'company.updated', member.companyId);
    return;
  }
  const id = newId();
  await tx.company.create({ data: { id, ...detailsData(details), members: { create: { userId, role: 'admin' } } } });
  await announceCompany(tx, 'company.created', id);
  await announceMember(tx, 'company.member_added', id, userId);
}

function sameDetails(a: ReturnType<typeof companyDetailsOf>, b: CompanyDetailsInput) {
  return a.name === b.name && a.country === b.country && a.registration_number === b.registration_number && a.tax_number === (b.tax_number ?? null) && a.billing_address === (b.billing_address ?? null);
}

/** The admin leaves; a company left with nobody and no orders goes too (nothing refers to it). */
async function leaveCompany(tx: Tx, userId: string, companyId: string) {
  const members = await tx.companyMember.findMany({ where: { companyId }, select: { userId: true, role: true } });
  if (leavesNoAdmin(members, userId)) throw conflict(M.lastAdmin);
  await announceMember(tx, 'company.member_removed', companyId, userId);
  await tx.companyMember.delete({ where: { userId } });
  if (members.length === 1 && (await tx.order.count({ where: { companyId } })) === 0) {
    await tx.company.delete({ where: { id: companyId } });
  }
}

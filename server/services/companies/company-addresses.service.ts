// A company's address book (decision 0195): every member reads it and picks an address at checkout
// (the checkout sends the address itself, as with a saved one); the company's admins add, change and
// delete. The company is always the caller's own, from their session.
import type { Prisma, PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { addressColumns } from '../../../shared/domain/address';
import { conflict, notFound } from '../../../shared/errors';
import { MAX_COMPANY_ADDRESSES, type companyAddressInput, type updateCompanyAddressInput } from '../../../shared/schemas/company-sharing.schema';
import type { AppUser } from '../../auth/user.mapper';
import { newId } from '../../db/ids';
import { unitOfWork } from '../../db/unit-of-work';
import { requireCompanyAdmin } from './company-members.service';

type Membership = AppUser['membership'];

const select = { id: true, fullName: true, phone: true, addressLine1: true, addressLine2: true, unit: true, postalCode: true, city: true, state: true, country: true } satisfies Prisma.CompanyAddressSelect;

const NOT_FOUND = 'Company address not found';

function memberCompany(membership: Membership): string {
  if (!membership) throw notFound('You are not a member of a company');
  return membership.companyId;
}

/** The company's addresses, oldest first (any member). */
export function companyAddresses(db: PrismaClient, membership: Membership) {
  return db.companyAddress.findMany({ where: { companyId: memberCompany(membership) }, select, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

export async function addCompanyAddress(db: PrismaClient, membership: Membership, input: z.infer<typeof companyAddressInput>) {
  const companyId = requireCompanyAdmin(membership);
  return unitOfWork(db, async (tx) => {
    // Taken in turn per company, so two adds at once cannot pass the limit together.
    const { count } = await tx.company.updateMany({ where: { id: companyId }, data: { updatedAt: new Date() } });
    if (!count) throw notFound('You are not a member of a company');
    if ((await tx.companyAddress.count({ where: { companyId } })) >= MAX_COMPANY_ADDRESSES) throw conflict(`The company can keep at most ${MAX_COMPANY_ADDRESSES} addresses`);
    return tx.companyAddress.create({ data: { id: newId(), companyId, ...addressColumns(input) }, select });
  });
}

export async function updateCompanyAddress(db: PrismaClient, membership: Membership, input: z.infer<typeof updateCompanyAddressInput>) {
  const companyId = requireCompanyAdmin(membership);
  const { count } = await db.companyAddress.updateMany({ where: { id: input.id, companyId }, data: addressColumns(input) });
  if (!count) throw notFound(NOT_FOUND);
  return db.companyAddress.findUniqueOrThrow({ where: { id: input.id }, select });
}

export async function deleteCompanyAddress(db: PrismaClient, membership: Membership, id: string) {
  const { count } = await db.companyAddress.deleteMany({ where: { id, companyId: requireCompanyAdmin(membership) } });
  if (!count) throw notFound(NOT_FOUND);
  return { ok: true as const };
}

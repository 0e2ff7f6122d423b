// The owner's side of companies (/admin/companies, decision 0188): create, list, read, change a
// company, and its members through company-members.service.ts.
import type { Prisma, PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { toCents } from '../../../shared/domain/money';
import { badRequest, notFound } from '../../../shared/errors';
import type { CompanyDetailDto, companyListInput, CompanyDto, createCompanyInput, updateCompanyInput } from '../../../shared/schemas/companies.schema';
import { newId } from '../../db/ids';
import { unitOfWork } from '../../db/unit-of-work';
import { announceCompany } from './company-events';
import { noteMembersChanged } from '../../auth/company-sessions';
import { companySelect, invitationSelect, memberSelect, toCompanyDto, toInvitationDto, toMemberDto } from './company.mapper';

type Db = PrismaClient | Prisma.TransactionClient;

export async function listCompanies(db: PrismaClient, input: NonNullable<z.infer<typeof companyListInput>>) {
  const q = input.search;
  const where: Prisma.CompanyWhereInput = q ? { OR: [{ name: { contains: q, mode: 'insensitive' } }, { registrationNumber: { contains: q.toUpperCase().replace(/\s+/g, '') } }] } : {};
  const [rows, total] = await Promise.all([
    db.company.findMany({ where, select: companySelect, orderBy: [{ name: 'asc' }, { id: 'asc' }], skip: (input.page - 1) * input.page_size, take: input.page_size }),
    db.company.count({ where }),
  ]);
  return { items: rows.map(toCompanyDto), total, page: input.page, pages: Math.max(1, Math.ceil(total / input.page_size)) };
}

export async function getCompany(db: Db, id: string): Promise<CompanyDetailDto> {
  const c = await db.company.findUnique({
    where: { id },
    select: {
      ...companySelect,
      members: { select: memberSelect, orderBy: [{ role: 'asc' }, { createdAt: 'asc' }] },
      invitations: { where: { acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } }, select: invitationSelect, orderBy: { createdAt: 'desc' } },
    },
  });
  if (!c) throw notFound('Company not found');
  return { ...toCompanyDto(c), members: c.members.map(toMemberDto), invitations: c.invitations.map(toInvitationDto) };
}

/** The price list to assign, refused with a 400 when it does not exist (rather than the foreign key's 500). */
async function knownPriceList(tx: Db, id: string | null | undefined): Promise<string | null | undefined> {
  if (id === undefined || id === null) return id;
  const found = await tx.priceList.findUnique({ where: { id }, select: { id: true } });
  if (!found) throw badRequest('Price list not found');
  return id;
}

const creditCents = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : toCents(v));

/**
 * A company's columns from the back office's form, the same for a new company and an edit. What an
 * edit leaves out (undefined) stays as it was; a new company has its defaults from the schema.
 */
async function companyColumns(tx: Db, input: z.infer<typeof createCompanyInput> | z.infer<typeof updateCompanyInput>) {
  return {
    name: input.name,
    country: input.country,
    registrationNumber: input.registration_number,
    taxNumber: input.tax_number ?? null,
    billingAddress: input.billing_address ?? null,
    paymentTermsDays: input.payment_terms_days,
    creditLimitCents: creditCents(input.credit_limit),
    priceListId: await knownPriceList(tx, input.price_list_id),
    poNumberRequired: input.po_number_required,
  };
}

export async function createCompany(db: PrismaClient, input: z.infer<typeof createCompanyInput>): Promise<CompanyDto> {
  return unitOfWork(db, async (tx) => {
    const id = newId();
    await tx.company.create({
      data: { id, ...(await companyColumns(tx, input)) },
    });
    await announceCompany(tx, 'company.created', id);
    return toCompanyDto(await tx.company.findUniqueOrThrow({ where: { id }, select: companySelect }));
  });
}

export async function updateCompany(db: PrismaClient, input: z.infer<typeof updateCompanyInput>): Promise<CompanyDetailDto> {
  await unitOfWork(db, async (tx) => {
    const { count } = await tx.company.updateMany({
      where: { id: input.id },
      data: await companyColumns(tx, input),
    });
    if (!count) throw notFound('Company not found');
    // Every member's session carries the company's details (server/auth/user.mapper.ts).
    await noteMembersChanged(tx, input.id);
    await announceCompany(tx, 'company.updated', input.id);
  });
  return getCompany(db, input.id);
}

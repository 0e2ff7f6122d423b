import type { Prisma } from '@prisma/client';
import { companyDetailsOf, companyDetailsSelect } from '../../auth/user.mapper';
import { toDollars } from '../../../shared/domain/money';
import type { CompanyDetailDto, CompanyDto } from '../../../shared/schemas/companies.schema';

export const companySelect = {
  id: true,
  ...companyDetailsSelect,
  paymentTermsDays: true,
  creditLimitCents: true,
  priceListId: true,
  poNumberRequired: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { members: true } },
} as const satisfies Prisma.CompanySelect;
type CompanyRow = Prisma.CompanyGetPayload<{ select: typeof companySelect }>;

export const memberSelect = {
  userId: true,
  role: true,
  createdAt: true,
  user: { select: { email: true, displayName: true, firstName: true, lastName: true } },
} as const satisfies Prisma.CompanyMemberSelect;
type MemberRow = Prisma.CompanyMemberGetPayload<{ select: typeof memberSelect }>;

export const invitationSelect = { id: true, email: true, role: true, expiresAt: true, createdAt: true } as const satisfies Prisma.CompanyInvitationSelect;
type InvitationRow = Prisma.CompanyInvitationGetPayload<{ select: typeof invitationSelect }>;

export function toCompanyDto(c: CompanyRow): CompanyDto {
  return {
    id: c.id,
    ...companyDetailsOf(c),
    payment_terms_days: c.paymentTermsDays,
    credit_limit: c.creditLimitCents === null ? null : toDollars(c.creditLimitCents),
    price_list_id: c.priceListId,
    po_number_required: c.poNumberRequired,
    member_count: c._count.members,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export const toMemberDto = (m: MemberRow): CompanyDetailDto['members'][number] => ({
  user_id: m.userId,
  email: m.user.email,
  name: m.user.displayName || `${m.user.firstName} ${m.user.lastName}`.trim(),
  role: m.role,
  joined_at: m.createdAt.toISOString(),
});

export const toInvitationDto = (i: InvitationRow): CompanyDetailDto['invitations'][number] => ({
  id: i.id,
  email: i.email,
  role: i.role,
  expires_at: i.expiresAt.toISOString(),
  invited_at: i.createdAt.toISOString(),
});

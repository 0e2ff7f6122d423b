import type { Prisma } from '@prisma/client';
import { companyOutput, type UserDto } from '../../shared/schemas/user.schema';

/** A company's details as they print on its tax invoices and quotes. */
export const companyDetailsSelect = { name: true, country: true, registrationNumber: true, taxNumber: true, billingAddress: true } as const satisfies Prisma.CompanySelect;
type CompanyDetailsRow = Prisma.CompanyGetPayload<{ select: typeof companyDetailsSelect }>;

/** The user as the app holds it: the session user, API-key owner and UserDto all read these. */
export const userSelect = {
  id: true,
  email: true,
  role: true,
  firstName: true,
  lastName: true,
  displayName: true,
  phone: true,
  lastUsedAddressId: true,
  // The user's company and role in it, read with the user on every request the session cache does
  // not answer; any change to either drops the members' cached sessions (server/services/companies/).
  // The company's price list (decision 0193) rides along so a member's prices need no extra lookup of which list.
  membership: { select: { role: true, companyId: true, company: { select: { ...companyDetailsSelect, priceListId: true } } } },
} as const satisfies Prisma.UserSelect;

/** A user row as userSelect reads it: the one definition of the app's user shape. */
export type AppUser = Prisma.UserGetPayload<{ select: typeof userSelect }>;

export function toUserDto(u: AppUser): UserDto {
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    displayName: u.displayName,
    first_name: u.firstName,
    last_name: u.lastName,
    phone: u.phone,
    lastUsedAddressId: u.lastUsedAddressId,
    company: u.membership ? companyDetailsOf(u.membership.company) : null,
    company_role: u.membership?.role ?? null,
  };
}

/** A company row as invoices, quotes and the profile show it. */
export function companyDetailsOf(c: CompanyDetailsRow): NonNullable<UserDto['company']> {
  return { name: c.name, country: c.country as 'SG' | 'MY', registration_number: c.registrationNumber, tax_number: c.taxNumber, billing_address: c.billingAddress };
}

/** A company snapshot (an order's or quote's JSON) as the API shows it; a row that no longer parses reads as none rather than failing sign-in. */
export function companyOf(value: Prisma.JsonValue): UserDto['company'] {
  if (value === null || value === undefined) return null;
  const parsed = companyOutput.safeParse(value);
  return parsed.success ? parsed.data : null;
}

import type { Prisma } from '@prisma/client';
import { companyOutput, type UserDto } from '../../shared/schemas/user.schema';

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
  company: true,
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
    company: companyOf(u.company),
  };
}

/** The stored company as the API shows it; a row that no longer parses reads as none rather than failing sign-in. */
export function companyOf(value: Prisma.JsonValue): UserDto['company'] {
  if (value === null || value === undefined) return null;
  const parsed = companyOutput.safeParse(value);
  return parsed.success ? parsed.data : null;
}

import type { PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { notFound } from '../../shared/errors';
import type { updateProfileInput } from '../../shared/schemas/user.schema';
import { toUserDto, userSelect } from './user.mapper';

export async function getProfile(db: PrismaClient, userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: userSelect });
  if (!user) throw notFound('User not found');
  return toUserDto(user);
}

export async function updateProfile(db: PrismaClient, userId: string, input: z.infer<typeof updateProfileInput>) {
  if (input.lastUsedAddressId) {
    // Only one of the user's own addresses may be recorded.
    const own = await db.address.count({ where: { id: input.lastUsedAddressId, userId } });
    if (!own) throw notFound('Address not found');
  }
  const user = await db.user.update({
    where: { id: userId },
    data: {
      displayName: input.displayName,
      phone: input.phone === undefined ? undefined : input.phone || null,
      firstName: input.first_name,
      lastName: input.last_name,
      lastUsedAddressId: input.lastUsedAddressId,
    },
    select: userSelect,
  });
  return toUserDto(user);
}

import type { PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { notFound } from '../../../shared/errors';
import type { updateProfileInput } from '../../../shared/schemas/user.schema';
import { noteSessionsChanged, unitOfWork } from '../../db/unit-of-work';
import { toUserDto, userSelect } from '../../auth/user.mapper';
import { saveOwnCompany } from '../companies/own-company.service';

/**
 * GET /users/me: the signed-in person as their session carries them (server/auth/session-cache.ts
 * drops a session whenever any of these fields changes, so this is never older than the database).
 */
export function profileOf(user: Parameters<typeof toUserDto>[0]) {
  return toUserDto(user);
}

export async function updateProfile(db: PrismaClient, userId: string, input: z.infer<typeof updateProfileInput>) {
  if (input.lastUsedAddressId) {
    // Only one of the user's own addresses may be recorded.
    const own = await db.address.count({ where: { id: input.lastUsedAddressId, userId } });
    if (!own) throw notFound('Address not found');
  }
  const user = await unitOfWork(db, async (tx) => {
    noteSessionsChanged(tx, { userId });
    // null leaves the company; undefined leaves it as it is (decision 0188).
    await saveOwnCompany(tx, userId, input.company);
    return tx.user.update({
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
  });
  return toUserDto(user);
}

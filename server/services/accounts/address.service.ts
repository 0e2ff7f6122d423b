// Saved addresses: at most 5 per user, exactly one default while any exist.
import type { Prisma, PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { MAX_ADDRESSES } from '../../../shared/constants';
import { addressColumns } from '../../../shared/domain/address';
import { lockUser } from '../../db/user-lock.sql';
import { badRequest, notFound } from '../../../shared/errors';
import type { addressInput, updateAddressInput } from '../../../shared/schemas/address.schema';
import { noteSessionsChanged, unitOfWork } from '../../db/unit-of-work';
import { newId } from '../../db/ids';

const addressSelect = {
  id: true,
  fullName: true,
  phone: true,
  addressLine1: true,
  addressLine2: true,
  unit: true,
  postalCode: true,
  city: true,
  state: true,
  country: true,
  isDefault: true,
} satisfies Prisma.AddressSelect;

export function listAddresses(db: PrismaClient, userId: string) {
  return db.address.findMany({ where: { userId }, select: addressSelect, orderBy: [{ isDefault: 'desc' }, { createdAt: 'asc' }] });
}

export async function getDefaultAddress(db: PrismaClient, userId: string) {
  const a = await db.address.findFirst({ where: { userId, isDefault: true }, select: addressSelect });
  if (!a) throw notFound('No default address');
  return a;
}

/**
 * Where the buyer's next order goes unless they say otherwise (decision 0180): the address of their
 * last order, as the saved address it was (by address line 1 and postal code, the rule placing an
 * order remembers it by) when there is one, else as it was typed; a buyer who never ordered gets the
 * default saved address. Null address when there is none of either.
 */
export async function deliveryAddress(db: PrismaClient, userId: string) {
  const [last, saved] = await Promise.all([
    db.order.findFirst({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { shipFullName: true, shipPhone: true, shipLine1: true, shipLine2: true, shipUnit: true, shipPostalCode: true, shipCity: true, shipState: true, shipCountry: true },
    }),
    listAddresses(db, userId),
  ]);
  const plain = ({ id, isDefault: _default, ...fields }: (typeof saved)[number]) => ({ address_id: id, address: fields });
  if (!last) return saved.length ? plain(saved[0]) : { address_id: null, address: null };
  const match = saved.find((a) => a.addressLine1 === last.shipLine1 && a.postalCode === last.shipPostalCode);
  if (match) return plain(match);
  return {
    address_id: null,
    address: {
      fullName: last.shipFullName,
      phone: last.shipPhone,
      addressLine1: last.shipLine1,
      addressLine2: last.shipLine2,
      unit: last.shipUnit,
      postalCode: last.shipPostalCode,
      city: last.shipCity,
      state: last.shipState,
      country: last.shipCountry,
    },
  };
}

// The user row is locked first so that two adds at once cannot both pass the limit of 5 or both
// become the first (default) address.

export function createAddress(db: PrismaClient, userId: string, input: z.infer<typeof addressInput>) {
  return unitOfWork(db, async (tx) => {
      await lockUser(tx, userId);
      const count = await tx.address.count({ where: { userId } });
      if (count >= MAX_ADDRESSES) throw badRequest(`You can save up to ${MAX_ADDRESSES} addresses. Please delete one first.`);
      const makeDefault = count === 0 || input.isDefault === true;
      if (makeDefault) await tx.address.updateMany({ where: { userId, isDefault: true }, data: { isDefault: false } });
      return tx.address.create({ data: { id: newId(), ...addressColumns(input), userId, isDefault: makeDefault }, select: addressSelect });
    });
}

async function own(tx: Prisma.TransactionClient, userId: string, id: string) {
  const a = await tx.address.findFirst({ where: { id, userId }, select: { id: true, isDefault: true } });
  if (!a) throw notFound('Address not found');
  return a;
}

export function updateAddress(db: PrismaClient, userId: string, input: z.infer<typeof updateAddressInput>) {
  return unitOfWork(db, async (tx) => {
      await lockUser(tx, userId);
      const a = await own(tx, userId, input.id);
      if (input.isDefault && !a.isDefault) await tx.address.updateMany({ where: { userId, isDefault: true }, data: { isDefault: false } });
      // Unticking the only default is ignored: one address is always the default.
      return tx.address.update({ where: { id: a.id }, data: { ...addressColumns(input), isDefault: a.isDefault || input.isDefault === true }, select: addressSelect });
    });
}

export function setDefaultAddress(db: PrismaClient, userId: string, id: string) {
  return unitOfWork(db, async (tx) => {
      await lockUser(tx, userId);
      const a = await own(tx, userId, id);
      await tx.address.updateMany({ where: { userId, isDefault: true, id: { not: a.id } }, data: { isDefault: false } });
      return tx.address.update({ where: { id: a.id }, data: { isDefault: true }, select: addressSelect });
    });
}

/** Deleting the default promotes the oldest remaining address; the last one may be deleted too. */
export async function deleteAddress(db: PrismaClient, userId: string, id: string) {
  return unitOfWork(db, async (tx) => {
      await lockUser(tx, userId);
      const a = await own(tx, userId, id);
      // The session carries lastUsedAddressId (GET /users/me answers from it).
      noteSessionsChanged(tx, { userId });
      await tx.address.delete({ where: { id: a.id } });
      if (a.isDefault) {
        const next = await tx.address.findFirst({ where: { userId }, orderBy: { createdAt: 'asc' }, select: { id: true } });
        if (next) await tx.address.update({ where: { id: next.id }, data: { isDefault: true } });
      }
      await tx.user.updateMany({ where: { id: userId, lastUsedAddressId: a.id }, data: { lastUsedAddressId: null } });
      return { ok: true, message: 'Address removed' };
    });
}

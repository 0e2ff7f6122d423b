import type { PrismaClient } from '@prisma/client';
import { CONTACT_CONFIRMATION, type ContactInput } from '../../shared/schemas/contact.schema';

/** Stores a contact-form message for staff to answer; linked to the user when signed in. */
export async function submitContact(db: PrismaClient, input: ContactInput, userId: string | null) {
  await db.contactMessage.create({
    data: { name: input.name, email: input.email.toLowerCase(), message: input.message, userId },
    select: { id: true },
  });
  return { message: CONTACT_CONFIRMATION };
}

import type { PrismaClient } from '@prisma/client';
import { CONTACT_CONFIRMATION, type ContactInput } from '../../../shared/schemas/contact.schema';
import { unitOfWork } from '../../db/unit-of-work';
import type { MailSettings } from '../../mail/mail.service';
import { announce } from '../../outbox/business-events';
import { newId } from '../../db/ids';

/**
 * Stores a contact-form message for staff to answer (linked to the user when signed in) and
 * queues, in the same transaction, the staff copy with everything typed. The acknowledgement goes
 * only to a signed-in customer's own account address and carries only the shop's fixed text; a
 * guest gets none, so the form is no relay to an address it names
 * (docs/decisions/0003-contact-acknowledgement.md).
 */
export async function submitContact(db: PrismaClient, input: ContactInput, userId: string | null, mail: MailSettings) {
  const email = input.email.toLowerCase();
  await unitOfWork(db, async (tx) => {
    await tx.contactMessage.create({ data: { id: newId(), name: input.name, email, message: input.message, userId }, select: { id: true } });
    // The address on the account now, not the one typed nor one remembered with the session.
    const account = userId ? await tx.user.findUnique({ where: { id: userId }, select: { email: true } }) : null;
    await announce('contactMessageReceived', tx, mail, { name: input.name, email, message: input.message, accountEmail: account?.email ?? null });
  });
  return { message: CONTACT_CONFIRMATION };
}

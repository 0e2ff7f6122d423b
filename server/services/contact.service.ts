import type { PrismaClient } from '@prisma/client';
import { CONTACT_CONFIRMATION, type ContactInput } from '../../shared/schemas/contact.schema';
import { contactAcknowledgementEmail, contactStaffEmail } from '../mail/templates/contact';
import { wakeOutbox } from '../outbox/outbox';
import { mailer, type MailSettings } from './mail.service';

/**
 * Stores a contact-form message for staff to answer (linked to the user when signed in), with an
 * acknowledgement to the sender and a notification to staff in the same transaction.
 */
export async function submitContact(db: PrismaClient, input: ContactInput, userId: string | null, mail: MailSettings) {
  const email = input.email.toLowerCase();
  await db.$transaction(async (tx) => {
    await tx.contactMessage.create({ data: { name: input.name, email, message: input.message, userId }, select: { id: true } });
    const m = await mailer(tx, mail);
    const data = { name: input.name, email, message: input.message };
    await m.queue('contact_acknowledgement', email, contactAcknowledgementEmail(m.ctx, data));
    await m.queue('contact_staff', m.staffEmail, contactStaffEmail(m.ctx, data));
  });
  wakeOutbox();
  return { message: CONTACT_CONFIRMATION };
}

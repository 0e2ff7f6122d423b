import { renderEmail, type MailContext } from '../render';

export interface ContactEmailInput {
  name: string;
  email: string;
  message: string;
}

/** To the person who wrote: what they sent and when to expect an answer. */
export function contactAcknowledgementEmail(ctx: MailContext, c: ContactEmailInput) {
  return renderEmail(ctx, `We received your message`, [
    { kind: 'heading', text: `Thank you, ${c.name}` },
    { kind: 'p', text: 'We have received your message and will reply within 1-2 working days. This is what you sent:' },
    { kind: 'p', text: c.message },
  ]);
}

/** To the shop: a new contact-form message to answer. */
export function contactStaffEmail(ctx: MailContext, c: ContactEmailInput) {
  return renderEmail(ctx, `New message from ${c.name}`, [
    { kind: 'lines', title: 'From', lines: [c.name, c.email] },
    { kind: 'p', text: c.message },
    { kind: 'button', label: 'Open Messages', url: `${ctx.publicUrl}/admin/messages` },
  ]);
}

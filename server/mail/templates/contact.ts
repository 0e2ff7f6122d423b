import { CONTACT_REPLY_HOURS } from '../../../shared/constants';
import { renderEmail, type MailContext } from '../render';

export interface ContactEmailInput {
  name: string;
  email: string;
  message: string;
  /** The signed-in account that sent it, when its address differs from the one typed. */
  accountEmail?: string | null;
}

/**
 * To the signed-in customer's own account address: only the shop's fixed words. Nothing typed in
 * the form (name, e-mail, message) appears, so the form cannot make the shop carry someone
 * else's text (docs/decisions/0003-contact-acknowledgement.md).
 */
export function contactAcknowledgementEmail(ctx: MailContext) {
  return renderEmail(ctx, `We received your message`, [
    { kind: 'heading', text: `Thank you for contacting ${ctx.shop.shop_name}` },
    { kind: 'p', text: `We have received your message and usually reply within ${CONTACT_REPLY_HOURS} hours.` },
  ]);
}

/** To the shop: a new contact-form message to answer, with everything that was typed. */
export function contactStaffEmail(ctx: MailContext, c: ContactEmailInput) {
  const from = [c.name, c.email];
  if (c.accountEmail && c.accountEmail !== c.email) from.push(`Signed in as ${c.accountEmail}`);
  return renderEmail(ctx, `New message from ${c.name}`, [
    { kind: 'lines', title: 'From', lines: from },
    { kind: 'p', text: c.message },
    { kind: 'button', label: 'Open Messages', url: `${ctx.publicUrl}/admin/messages` },
  ]);
}

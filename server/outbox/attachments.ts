import { z } from 'zod';
import { qrPng } from '../documents/qr-image';
import type { InlineImage } from '../mail/render';

// Decision (docs/decisions/0101-paynow-qr-in-emails.md): the outbox row keeps the text of each
// inline QR code, not the picture. The PNG is drawn when the message is delivered and when staff
// open it in the back office, so both show the same code, the row stays small, and a resend sends
// it again.

const storedImages = z.array(z.object({ cid: z.string().regex(/^[\w.-]{1,60}$/), filename: z.string().max(100), qr: z.string().min(1).max(1000) })).max(5);

/** The inline images a row asks for; a value that does not parse is ignored (the text still says it all). */
export function inlineImagesOf(value: unknown): InlineImage[] {
  const parsed = storedImages.safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}

export interface MailAttachment {
  filename: string;
  cid: string;
  content: Buffer;
  contentType: string;
}

/** The PNGs for nodemailer, referenced from the HTML as cid:<cid>. */
export async function renderInlineImages(images: InlineImage[]): Promise<MailAttachment[]> {
  return Promise.all(images.map(async (i) => ({ filename: i.filename, cid: i.cid, content: await qrPng(i.qr), contentType: 'image/png' })));
}

/** The HTML as a mail client shows it: cid: references replaced by the drawn images (back-office preview). */
export async function htmlWithInlineImages(html: string, images: InlineImage[]): Promise<string> {
  let out = html;
  for (const a of await renderInlineImages(images)) {
    out = out.split(`cid:${a.cid}"`).join(`data:${a.contentType};base64,${a.content.toString('base64')}"`);
  }
  return out;
}

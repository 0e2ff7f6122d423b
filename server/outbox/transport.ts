import nodemailer from 'nodemailer';
import type { MailAttachment } from './attachments';

interface MailMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Inline images referenced from the HTML as cid:<cid>. */
  attachments?: MailAttachment[];
}

/** Where the sender hands a message; SMTP in production and in tests (a real server in the test). */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  verify(): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP_URL, with timeouts so a stuck server fails the attempt instead of hanging. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(m) {
      await transporter.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        ...(m.attachments?.length ? { attachments: m.attachments } : {}),
        messageId: `<${m.id}@packshop>`,
        // Lets a receiver (and our tests) recognise a message that was delivered twice.
        headers: { 'X-PackShop-Message': m.id },
      });
    },
    async verify() {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}

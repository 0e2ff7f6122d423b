import type { OrderStatus, Prisma } from '@prisma/client';
import type { OrderDto } from '../../shared/schemas/order.schema';
import type { QuoteDto } from '../../shared/schemas/quote.schema';
import type { WebhookEventType } from '../../shared/schemas/webhooks.schema';
import type { SqlClient } from '../db/sql-client';
import { mailer, type Mailer, type MailSettings } from '../mail/mail.service';
import { companyInvitationEmail } from '../mail/templates/company-invitation';
import { contactAcknowledgementEmail, contactStaffEmail } from '../mail/templates/contact';
import { invoicePaymentEmail, type InvoicePaymentEmailInput } from '../mail/templates/invoice-payment';
import { lowStockEmail, type LowStockLine } from '../mail/templates/low-stock';
import { orderConfirmationEmail, type ConfirmationPayment } from '../mail/templates/order-confirmation';
import { orderStatusEmail } from '../mail/templates/order-status';
import { passwordChangedEmail, passwordResetEmail } from '../mail/templates/password-reset';
import { paymentAlertEmail, type PaymentAlert } from '../mail/templates/payment-alert';
import { paymentReminderEmail, type PaymentReminderInput } from '../mail/templates/payment-reminder';
import { invoiceReminderEmail, type InvoiceReminderInput } from '../mail/templates/invoice-reminder';
import { quoteAcceptedEmail, quoteRequestedEmail, quoteSentEmail } from '../mail/templates/quote';
import { refundEmail, type RefundEmailInput } from '../mail/templates/refund';
import { ONE_TIME_LINK } from './secrets';
import * as webhooks from '../webhooks/events';

// Every business event and what it sends: the e-mails it writes to the outbox (template, to whom)
// and the webhooks it emits. Services announce an event inside their unit of work, once, with what
// happened; this file decides what goes out, so every message a change causes is written in the
// same transaction and read here in one place. The e-mails' wording is in mail/templates/, the
// webhooks' payloads in webhooks/events.ts. `business-events.test.ts` holds that every webhook
// type an endpoint can subscribe to is sent by some event.

type Tx = Prisma.TransactionClient;

/** Who an e-mail goes to: the buyer of the order or quote, the account holder, the staff inbox (STAFF_EMAIL), or the admins of the order's company. */
type Recipient = 'buyer' | 'account holder' | 'staff' | 'company admins and buyer';

/** One invoice to remind of, and who reads it: the company's admins (pointed at the statement) and the buyer who placed the order. */
export interface InvoiceReminder extends Omit<InvoiceReminderInput, 'customerName' | 'url' | 'urlLabel'> {
  orderId: string;
  recipients: { email: string; name: string; admin: boolean }[];
}

export interface BusinessEvent<A extends unknown[]> {
  emails: readonly { template: string; to: Recipient; when?: string }[];
  webhooks: readonly WebhookEventType[];
  send(...args: A): Promise<void>;
}

const event = <A extends unknown[]>(e: BusinessEvent<A>) => e;
const firstName = (fullName: string) => fullName.split(' ')[0] || fullName;

export const BUSINESS_EVENTS = {
  passwordResetRequested: event({
    emails: [{ template: 'password_reset', to: 'account holder', when: 'the account exists; the link is made at delivery (decision 0001)' }],
    webhooks: [],
    send: async (tx: Tx, mail: MailSettings, user: { email: string; firstName: string }, r: { tokenId: string; minutes: number }) => {
      const m = await mailer(tx, mail);
      const email = passwordResetEmail(m.ctx, { name: user.firstName, url: ONE_TIME_LINK, minutes: r.minutes });
      await m.queueWithSecret('password_reset', user.email, email, { kind: 'password_reset', ref: r.tokenId, url: `${m.ctx.publicUrl}/reset-password?token=` });
    },
  }),
  passwordChanged: event({
    emails: [{ template: 'password_changed', to: 'account holder' }],
    webhooks: [],
    send: async (tx: Tx, mail: MailSettings, user: { email: string; firstName: string }) => {
      const m = await mailer(tx, mail);
      await m.queue('password_changed', user.email, passwordChangedEmail(m.ctx, { name: user.firstName }));
    },
  }),

  // Placing an order announces twice, because its transaction holds shared rows from the stock
  // allocation to the commit: the buyer's confirmation is written before the variants are locked,
  // and what the stock taken causes after (a variant's webhooks must follow its row lock, section 9).
  orderPlaced: event({
    emails: [{ template: 'order_confirmation', to: 'buyer' }],
    webhooks: [],
    send: async (m: Mailer, o: { email: string; order: OrderDto; placedAt: Date; payment: ConfirmationPayment }) => {
      await m.queue('order_confirmation', o.email, orderConfirmationEmail(m.ctx, o.order, o.placedAt, o.payment), o.order.id);
    },
  }),
  orderStockAllocated: event({
    emails: [{ template: 'low_stock', to: 'staff', when: 'a line took a variant across the low-stock level' }],
    webhooks: ['order.created', 'inventory.low_stock'],
    send: async (tx: SqlClient, m: Mailer, o: { order: Parameters<typeof webhooks.webhookOrderPlaced>[1]; email: string; lowStock: LowStockLine[] }) => {
      if (o.lowStock.length) await m.queue('low_stock', m.staffEmail, lowStockEmail(m.ctx, o.lowStock, o.order.orderNumber), o.order.id);
      await webhooks.webhookOrderPlaced(tx, o.order, o.email, o.lowStock);
    },
  }),
  orderStatusChanged: event({
    emails: [{ template: 'order_<status>', to: 'buyer', when: 'any move but back to pending' }],
    webhooks: ['order.status_changed', 'order.cancelled', 'order.paid'],
    send: async (
      tx: Tx,
      mail: MailSettings,
      c: { order: { id: string; orderNumber: string; email: string; shipFullName: string }; from: OrderStatus; to: OrderStatus; by: string; note?: string | null; trackingNumber?: string | null; courier?: string | null },
    ) => {
      await webhooks.webhookOrderStatusChanged(tx, c.order.id, c.from, c.to, { role: c.by, note: c.note });
      if (c.to === 'pending') return;
      const m = await mailer(tx, mail);
      const email = orderStatusEmail(m.ctx, {
        orderId: c.order.id,
        orderNumber: c.order.orderNumber,
        customerName: firstName(c.order.shipFullName),
        status: c.to,
        trackingNumber: c.trackingNumber,
        courier: c.courier,
        reason: c.note || null,
        cancelledByCustomer: c.by === 'customer',
      });
      await m.queue(`order_${c.to}`, c.order.email, email, c.order.id);
    },
  }),
  paymentReminderDue: event({
    emails: [{ template: 'payment_reminder', to: 'buyer', when: 'an unpaid order is half-way to its release (decision 0167)' }],
    webhooks: [],
    send: async (tx: Tx, mail: MailSettings, orders: { order: { email: string; shipFullName: string }; reminder: Omit<PaymentReminderInput, 'customerName'> }[]) => {
      const m = await mailer(tx, mail);
      for (const { order, reminder } of orders) {
        await m.queue('payment_reminder', order.email, paymentReminderEmail(m.ctx, { ...reminder, customerName: firstName(order.shipFullName) }), reminder.orderId);
      }
    },
  }),
  invoiceReminderDue: event({
    emails: [
      {
        template: 'invoice_<stage>',
        to: 'company admins and buyer',
        when: 'an invoice on terms falls due (invoice_due) and is 7 days overdue (invoice_overdue), not paid in full; once each (decision 0199)',
      },
    ],
    webhooks: [],
    send: async (tx: Tx, mail: MailSettings, reminders: InvoiceReminder[]) => {
      const m = await mailer(tx, mail);
      for (const { recipients, orderId, ...r } of reminders) {
        for (const to of recipients) {
          const link = to.admin
            ? { url: `${m.ctx.publicUrl}/account?tab=company`, urlLabel: 'See your statement' }
            : { url: `${m.ctx.publicUrl}/orders/${orderId}`, urlLabel: 'See your order' };
          await m.queue(`invoice_${r.stage}`, to.email, invoiceReminderEmail(m.ctx, { ...r, ...link, customerName: to.name }), orderId);
        }
      }
    },
  }),
  paymentNotApplied: event({
    emails: [{ template: 'payment_alert', to: 'staff', when: 'money arrived that does not pay the order (wrong amount, cancelled or already paid)' }],
    webhooks: [],
    send: async (tx: Tx, mail: MailSettings, alert: PaymentAlert) => {
      const m = await mailer(tx, mail);
      await m.queue('payment_alert', m.staffEmail, paymentAlertEmail(m.ctx, alert), alert.orderId);
    },
  }),
  orderRefunded: event({
    emails: [{ template: 'order_refunded', to: 'buyer' }],
    webhooks: ['order.refunded'],
    send: async (tx: Tx, mail: MailSettings, r: { email: string; shipFullName: string; refund: Omit<RefundEmailInput, 'customerName'>; webhookData: () => Promise<object> }) => {
      const m = await mailer(tx, mail);
      await m.queue('order_refunded', r.email, refundEmail(m.ctx, { ...r.refund, customerName: firstName(r.shipFullName) }), r.refund.orderId);
      await webhooks.webhookOrderRefunded(tx, r.refund.orderId, r.webhookData);
    },
  }),
  invoicePaymentReceived: event({
    emails: [{ template: 'invoice_payment', to: 'buyer', when: 'a payment is recorded against an order on invoice (decision 0201)' }],
    webhooks: [],
    send: async (tx: Tx, mail: MailSettings, r: { email: string; shipFullName: string; payment: Omit<InvoicePaymentEmailInput, 'customerName'> }) => {
      const m = await mailer(tx, mail);
      await m.queue('invoice_payment', r.email, invoicePaymentEmail(m.ctx, { ...r.payment, customerName: firstName(r.shipFullName) }), r.payment.orderId);
    },
  }),
  creditNoteIssued: event({
    emails: [],
    webhooks: ['credit_note.issued'],
    send: (tx: Tx, orderId: string, creditNote: () => object) => webhooks.webhookCreditNoteIssued(tx, orderId, creditNote),
  }),

  // Companies (decision 0188): the payload is read by the companies service, handed over as a function.
  companyChanged: event({
    emails: [],
    webhooks: ['company.created', 'company.updated', 'company.member_added', 'company.member_removed'],
    send: (tx: Tx, type: Parameters<typeof webhooks.webhookCompany>[1], companyId: string, data: () => Promise<object>) => webhooks.webhookCompany(tx, type, companyId, data),
  }),
  companyInvitationSent: event({
    emails: [{ template: 'company_invitation', to: 'account holder', when: 'the e-mail has no account yet; the link is made at delivery (decision 0001)' }],
    webhooks: [],
    send: async (tx: Tx, mail: MailSettings, i: { id: string; email: string; companyName: string; role: 'admin' | 'buyer'; days: number }) => {
      const m = await mailer(tx, mail);
      const email = companyInvitationEmail(m.ctx, { companyName: i.companyName, role: i.role, url: ONE_TIME_LINK, days: i.days });
      await m.queueWithSecret('company_invitation', i.email, email, { kind: 'company_invitation', ref: i.id, url: `${m.ctx.publicUrl}/company-invitation?token=` });
    },
  }),

  stockAdjusted: event({
    emails: [],
    webhooks: ['inventory.adjusted', 'inventory.low_stock'],
    send: (tx: Tx, change: Parameters<typeof webhooks.webhookStockAdjusted>[1]) => webhooks.webhookStockAdjusted(tx, change),
  }),
  stockCounted: event({
    emails: [],
    webhooks: ['inventory.adjusted', 'inventory.low_stock'],
    send: (tx: SqlClient, counts: Parameters<typeof webhooks.webhookStockCounted>[1]) => webhooks.webhookStockCounted(tx, counts),
  }),
  productSaved: event({
    emails: [],
    webhooks: ['product.created', 'product.updated'],
    send: (tx: Tx, type: 'product.created' | 'product.updated', productId: string) => webhooks.webhookProductSaved(tx, type, productId),
  }),
  productDeleted: event({
    emails: [],
    webhooks: ['product.deleted'],
    send: (tx: Tx, productId: string) => webhooks.webhookProductDeleted(tx, productId),
  }),
  productsImported: event({
    emails: [],
    webhooks: ['product.created', 'product.updated'],
    send: (tx: Tx, rows: { sku: string; action: string }[]) => webhooks.webhookProductsImported(tx, rows),
  }),

  quoteRequested: event({
    emails: [{ template: 'quote_requested', to: 'staff' }],
    webhooks: ['quote.requested'],
    send: async (tx: Tx, mail: MailSettings, q: { quote: QuoteDto; buyer: { name: string; email: string } }) => {
      const m = await mailer(tx, mail);
      await m.queue('quote_requested', m.staffEmail, quoteRequestedEmail(m.ctx, q.quote, q.buyer));
      await webhooks.webhookQuoteRequested(tx, q.quote.id);
    },
  }),
  quoteAnswered: event({
    emails: [{ template: 'quote_sent', to: 'buyer' }],
    webhooks: [],
    send: async (tx: Tx, mail: MailSettings, q: { quote: QuoteDto; email: string; customerName: string }) => {
      const m = await mailer(tx, mail);
      await m.queue('quote_sent', q.email, quoteSentEmail(m.ctx, q.quote, q.customerName));
    },
  }),
  quoteAccepted: event({
    emails: [{ template: 'quote_accepted', to: 'staff' }],
    webhooks: ['quote.accepted'],
    send: async (tx: Tx, mail: MailSettings, q: { quote: { id: string; quoteNumber: string }; order: { id: string; orderNumber: string; totalCents: number }; buyerEmail: string }) => {
      const m = await mailer(tx, mail);
      await m.queue('quote_accepted', m.staffEmail, quoteAcceptedEmail(m.ctx, q.quote, q.order, q.buyerEmail), q.order.id);
      await webhooks.webhookQuoteAccepted(tx, q.quote.id, q.order.id);
    },
  }),

  contactMessageReceived: event({
    emails: [
      { template: 'contact_acknowledgement', to: 'account holder', when: 'sent signed in: to the account, never to an address typed (decision 0003)' },
      { template: 'contact_staff', to: 'staff' },
    ],
    webhooks: [],
    send: async (tx: Tx, mail: MailSettings, c: { name: string; email: string; message: string; accountEmail: string | null }) => {
      const m = await mailer(tx, mail);
      if (c.accountEmail) await m.queue('contact_acknowledgement', c.accountEmail, contactAcknowledgementEmail(m.ctx));
      await m.queue('contact_staff', m.staffEmail, contactStaffEmail(m.ctx, { name: c.name, email: c.email, message: c.message, accountEmail: c.accountEmail ?? undefined }));
    },
  }),
};

type Events = typeof BUSINESS_EVENTS;
export type BusinessEventName = keyof Events;

/** The one entry point: what the event sends, written in the caller's transaction. */
export function announce<K extends BusinessEventName>(name: K, ...args: Parameters<Events[K]['send']>): Promise<void> {
  return (BUSINESS_EVENTS[name].send as (...a: unknown[]) => Promise<void>)(...args);
}

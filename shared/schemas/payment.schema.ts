import { z } from 'zod';

/** What shoppers are told about paying (checkout); null parts are switched off. */
const paymentOptionsOutput = z.object({
  paynow: z.object({ payee_name: z.string(), proxy_type: z.enum(['uen', 'mobile']), proxy: z.string() }).nullable(),
  bank_transfer: z.object({ bank_name: z.string(), account_name: z.string(), account_number: z.string() }).nullable(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsOutput>;

/** What checkout offers: the owner's PayNow and bank details, and whether orders are paid online (Stripe Checkout). */
export const checkoutPaymentOptionsOutput = paymentOptionsOutput.extend({
  /** True when Stripe is configured: placing an order leads to the hosted payment page (cards, PayNow, GrabPay ... as the account enables). */
  online: z.boolean(),
});

/** How to pay one order: the PayNow code for its total with its number as reference. */
export const orderPaymentOutput = z.object({
  order_id: z.string(),
  order_number: z.string(),
  status: z.string(),
  /** SGD, the order total. */
  amount: z.number(),
  /** The order number, carried in the code (field 62) and to be quoted on a bank transfer. */
  reference: z.string(),
  /** Payment instructions are shown while the order is pending; false once paid or cancelled. */
  awaiting_payment: z.boolean(),
  paynow: z
    .object({
      payee_name: z.string(),
      proxy_type: z.enum(['uen', 'mobile']),
      proxy: z.string(),
      /** The SGQR / EMVCo text the QR code holds. */
      payload: z.string(),
      /** The QR code as an SVG document. */
      qr_svg: z.string(),
    })
    .nullable(),
  bank_transfer: paymentOptionsOutput.shape.bank_transfer,
});
export type OrderPayment = z.infer<typeof orderPaymentOutput>;

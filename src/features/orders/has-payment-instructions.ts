import type { OrderPayment } from '../../../shared/schemas/payment.schema';

/**
 * True when the owner has set up a way to pay (PayNow or bank transfer) and the order awaits it. Apart
 * from PaymentInstructions.tsx so that a page can decide without loading the instructions themselves.
 */
export const hasPaymentInstructions = (p: OrderPayment | undefined): p is OrderPayment => Boolean(p && (p.paynow || p.bank_transfer));

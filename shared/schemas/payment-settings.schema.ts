import { z } from 'zod';
import { isEmvText, normaliseProxy, PAYNOW_NAME_MAX } from '../domain/paynow';

export const UNPAID_ORDER_HOURS_MIN = 1;
export const UNPAID_ORDER_HOURS_MAX = 720;
const UNPAID_HOURS_MESSAGE = `Unpaid orders are cancelled after a whole number of hours from ${UNPAID_ORDER_HOURS_MIN} to ${UNPAID_ORDER_HOURS_MAX} (30 days)`;

const optionalText = (label: string, max: number) => z.string().trim().max(max, `The ${label} is too long`);

const fields = {
  /** What the proxy is: a UEN (businesses) or a Singapore mobile number. */
  paynow_proxy_type: z.enum(['uen', 'mobile'], { error: 'PayNow type must be uen or mobile' }),
  /** Empty: PayNow is off. */
  paynow_proxy: optionalText('PayNow UEN or mobile number', 20),
  /** Shown by the payer's banking app; EMVCo field 59 holds 25 characters. */
  paynow_payee_name: optionalText('PayNow payee name', 200)
    .refine((v) => v.length <= PAYNOW_NAME_MAX, `The PayNow payee name can be at most ${PAYNOW_NAME_MAX} characters (banking apps show no more)`)
    .refine(isEmvText, 'The PayNow payee name may only use plain letters, digits, spaces and punctuation'),
  bank_name: optionalText('bank name', 80),
  bank_account_name: optionalText('account name', 120),
  bank_account_number: optionalText('account number', 40).refine((v) => /^[0-9A-Za-z -]*$/.test(v), 'The account number may only hold digits, letters, spaces and dashes'),
  /**
   * Hours an order may stay unpaid before it is cancelled on its own (stock and coupon use given
   * back); a reminder goes out at half the time. 1-720 (30 days); there is no "never" (decision 0167).
   */
  unpaid_order_hours: z
    .number({ error: UNPAID_HOURS_MESSAGE })
    .int(UNPAID_HOURS_MESSAGE)
    .min(UNPAID_ORDER_HOURS_MIN, UNPAID_HOURS_MESSAGE)
    .max(UNPAID_ORDER_HOURS_MAX, UNPAID_HOURS_MESSAGE),
};

/**
 * How shoppers may pay: PayNow and bank transfer, as Singapore shops are paid. Everything empty by
 * default: checkout then keeps the specification's "payment coming soon" note. PayNow is on when a
 * proxy and a payee name are set; bank transfer details are shown when bank, account name and
 * number are all set. And how long an order may stay unpaid (48 hours by default).
 */
export const paymentSettingsSchema = z.object(fields);
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const DEFAULT_PAYMENT_SETTINGS: Readonly<PaymentSettings> = Object.freeze({
  paynow_proxy_type: 'uen',
  paynow_proxy: '',
  paynow_payee_name: '',
  bank_name: '',
  bank_account_name: '',
  bank_account_number: '',
  unpaid_order_hours: 48,
});

/** Fields left out keep their saved value; the result as a whole must pass paymentSettingsProblems. */
export const updatePaymentSettingsInput = z.object(fields).partial();

/** The rules that span fields, with the form's wording; [] when the settings can be saved. */
export function paymentSettingsProblems(s: PaymentSettings): { path: keyof PaymentSettings; message: string }[] {
  const out: { path: keyof PaymentSettings; message: string }[] = [];
  if (s.paynow_proxy && !normaliseProxy(s.paynow_proxy_type, s.paynow_proxy)) {
    out.push({
      path: 'paynow_proxy',
      message: s.paynow_proxy_type === 'uen'
        ? 'Please enter a valid UEN, e.g. 201912345K (a PayNow suffix of up to 3 characters may follow)'
        : 'Please enter a Singapore mobile number: +65 and 8 digits starting with 8 or 9',
    });
  }
  if (s.paynow_proxy && !s.paynow_payee_name) out.push({ path: 'paynow_payee_name', message: 'Please enter the payee name shown to PayNow payers' });
  if (!s.paynow_proxy && s.paynow_payee_name) out.push({ path: 'paynow_proxy', message: 'Please enter the PayNow UEN or mobile number, or clear the payee name' });
  const bank = [s.bank_name, s.bank_account_name, s.bank_account_number];
  if (bank.some(Boolean) && !bank.every(Boolean)) out.push({ path: 'bank_account_number', message: 'Please fill in the bank, account name and account number (or leave all three empty)' });
  return out;
}

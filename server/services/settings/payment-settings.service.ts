import type { Prisma, PrismaClient } from '@prisma/client';
import { normaliseProxy } from '../../../shared/domain/paynow';
import { badRequest } from '../../../shared/errors';
import {
  DEFAULT_PAYMENT_SETTINGS,
  paymentSettingsProblems,
  paymentSettingsSchema,
  type PaymentSettings,
} from '../../../shared/schemas/payment-settings.schema';
import type { PaymentOptions } from '../../../shared/schemas/payment.schema';

const KEY = 'payment_settings';

type Db = PrismaClient | Prisma.TransactionClient;

/** The saved settings over the defaults; a stored value that no longer parses reads as off. */
export async function getPaymentSettings(db: Db): Promise<PaymentSettings> {
  const row = await db.setting.findUnique({ where: { key: KEY }, select: { value: true } });
  return paymentSettingsOf(row?.value);
}

function paymentSettingsOf(value: unknown): PaymentSettings {
  const saved = paymentSettingsSchema.partial().safeParse(value ?? {});
  return { ...DEFAULT_PAYMENT_SETTINGS, ...(saved.success ? saved.data : {}) };
}

export const PAYMENT_SETTINGS_KEY = KEY;

/** What checkout offers, from the stored setting value read elsewhere (order placement). */
export const paymentOptionsFromSetting = (value: unknown): PaymentOptions => paymentOptionsOf(paymentSettingsOf(value));

export async function updatePaymentSettings(db: PrismaClient, input: Partial<PaymentSettings>): Promise<PaymentSettings> {
  const value = { ...(await getPaymentSettings(db)), ...input };
  const problems = paymentSettingsProblems(value);
  if (problems.length) {
    throw badRequest(problems.map((p) => p.message).join('; '));
  }
  // Stored as PayNow wants it (+6591234567, upper-case UEN), so every code built from it agrees.
  if (value.paynow_proxy) value.paynow_proxy = normaliseProxy(value.paynow_proxy_type, value.paynow_proxy)!;
  await db.setting.upsert({ where: { key: KEY }, create: { key: KEY, value }, update: { value }, select: { key: true } });
  return value;
}

/** What checkout, order pages and e-mails offer: null parts are switched off. */
function paymentOptionsOf(s: PaymentSettings): PaymentOptions {
  const proxy = s.paynow_proxy ? normaliseProxy(s.paynow_proxy_type, s.paynow_proxy) : null;
  return {
    paynow: proxy && s.paynow_payee_name ? { payee_name: s.paynow_payee_name, proxy_type: s.paynow_proxy_type, proxy } : null,
    bank_transfer:
      s.bank_name && s.bank_account_name && s.bank_account_number
        ? { bank_name: s.bank_name, account_name: s.bank_account_name, account_number: s.bank_account_number }
        : null,
  };
}

export async function getPaymentOptions(db: Db): Promise<PaymentOptions> {
  return paymentOptionsOf(await getPaymentSettings(db));
}

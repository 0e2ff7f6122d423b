// What a bank line says about the payment it carries, the same for a line matched on upload and one
// a person applies: the provider (PayNow when the bank names it, else a bank transfer), the day it
// was paid (the bank's date in Singapore time) and the evidence kept with the payment.
import { toDollars } from '../../../../shared/domain/money';

export const providerOf = (l: { description: string; reference: string }) => (/PAY\s?NOW/i.test(`${l.description} ${l.reference}`) ? 'paynow' : 'bank_transfer');
export const paidAtOf = (date: string) => new Date(`${date}T00:00:00+08:00`);
export const evidenceOf = (bank: string, l: { date: string; description: string; reference: string; amountCents: number }, lineId: string) => ({
  line_id: lineId,
  bank,
  date: l.date,
  description: l.description,
  reference: l.reference,
  amount: toDollars(l.amountCents),
});

// Paying on invoice (issue 40 item 4, decision 0194), in two steps of placement. Before the order is
// written: the buyer's company terms, read fresh, decide whether they may, and give the PO number
// and the due day the order is written with. Last, after every other shared lock: the company row
// is locked and the credit limit checked with this order counted, so two members ordering at once
// are decided one after the other and cannot pass the limit together.
import { AppError, badRequest } from '../../../../shared/errors';
import { creditProblem, dueDay, offersInvoice, poNumberProblem } from '../../../../shared/domain/net-terms';
import type { SqlClient } from '../../../db/sql-client';
import { lockCompanyAndSumOwed, readCompanyTerms } from './on-account.sql';
import type { PlaceOrderInput } from './placement.types';

export interface OnAccount {
  companyId: string;
  poNumber: string | null;
  /** The Singapore calendar day (YYYY-MM-DD) the invoice falls due. */
  dueDay: string;
  creditLimitCents: number | null;
}

const NOT_A_MEMBER = 'Paying on invoice is for buyers of a company account with payment terms.';
const NO_TERMS = 'Your company pays up front: choose another payment method.';

/** Null for an order paid up front; otherwise its terms, or the refusal. */
export async function onAccountStep(tx: SqlClient, userId: string, input: Pick<PlaceOrderInput, 'payment_method' | 'po_number'>, now: Date): Promise<OnAccount | null> {
  if (input.payment_method !== 'invoice') return null;
  const terms = await readCompanyTerms(tx, userId);
  if (!terms) throw new AppError('FORBIDDEN', NOT_A_MEMBER);
  if (!offersInvoice(terms.paymentTermsDays)) throw badRequest(NO_TERMS);
  const poNumber = input.po_number?.trim() ?? '';
  const problem = poNumberProblem(poNumber, terms.poNumberRequired);
  if (problem) throw badRequest(problem);
  return { companyId: terms.companyId, poNumber: poNumber || null, dueDay: dueDay(now, terms.paymentTermsDays), creditLimitCents: terms.creditLimitCents };
}

/** Refuses an order on invoice that would take the company past its credit limit. */
export async function creditCheckStep(tx: SqlClient, onAccount: OnAccount | null, totalCents: number): Promise<void> {
  if (!onAccount || onAccount.creditLimitCents === null) return;
  const owedWithThis = await lockCompanyAndSumOwed(tx, onAccount.companyId);
  const problem = creditProblem(onAccount.creditLimitCents, owedWithThis - totalCents, totalCents);
  if (problem) throw new AppError('CONFLICT', problem);
}

import { useState, type ReactNode } from 'react';
import { trpc } from '../../lib/trpc';
import { money } from '../cart/money';

export type PaymentMethod = 'stripe' | 'invoice';

/**
 * The payment step's state for a page that places an order (checkout, accepting a quote): the
 * choice, the PO number and its problem; what the order request carries; and the props of
 * <PaymentChoice>.
 */
export function usePaymentChoice(member: boolean, total: number | null) {
  const [method, setMethod] = useState<PaymentMethod>('stripe');
  const [poNumber, setPoNumber] = useState('');
  const [poError, setPoError] = useState<string | null>(null);
  return {
    fields: { payment_method: method, po_number: method === 'invoice' ? poNumber : null },
    /** Shows the server's refusal of the PO number under its field, with focus there; false for any other refusal. */
    showPoProblem(detail: string | null | undefined): boolean {
      if (method !== 'invoice' || !detail || !/purchase-order number/i.test(detail)) return false;
      setPoError(detail);
      document.getElementById('po-number')?.focus();
      return true;
    },
    props: {
      member,
      method,
      onMethod: setMethod,
      poNumber,
      onPoNumber(v: string) {
        setPoNumber(v);
        setPoError(null);
      },
      poError,
      total,
    },
  };
}

interface Props {
  /** Whether the buyer belongs to a company (their session says so); only then is the company asked about. */
  member: boolean;
  method: PaymentMethod;
  onMethod(m: PaymentMethod): void;
  poNumber: string;
  onPoNumber(v: string): void;
  poError: string | null;
  /** The order's total as the server priced it, to warn before the server refuses it. */
  total: number | null;
  /** How to pay now (the existing note: Stripe, PayNow and bank transfer, or the coming-soon note). */
  children: ReactNode;
}

/**
 * Pay now, or, for a buyer of a company with payment terms, "Pay on invoice" with a PO number
 * (decision 0194). The company's terms, PO rule and available credit come from the server, which
 * checks them again when the order is placed.
 */
export function PaymentChoice({ member, method, onMethod, poNumber, onPoNumber, poError, total, children }: Props) {
  const company = trpc.company.get.useQuery(undefined, { enabled: member, staleTime: 30_000, retry: false });
  const c = company.data;
  if (!c || c.payment_terms_days <= 0) return <>{children}</>;
  const over = c.available_credit !== null && total !== null && total > c.available_credit;
  const option = (m: PaymentMethod, title: string, body: ReactNode) => (
    <label className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm ${method === m ? 'border-emerald-500 bg-emerald-50' : 'border-slate-200 hover:border-slate-300'}`}>
      <input type="radio" name="payment-method" className="mt-1 accent-emerald-600" checked={method === m} onChange={() => onMethod(m)} />
      <span className="min-w-0">
        <span className="font-medium text-slate-900">{title}</span>
        <span className="block text-slate-600">{body}</span>
      </span>
    </label>
  );
  return (
    <div className="mt-3 space-y-2" role="radiogroup" aria-label="How to pay">
      {option('stripe', 'Pay now', 'Pay this order before we ship it.')}
      {option(
        'invoice',
        `Pay on invoice (${c.payment_terms_days} days)`,
        <>
          Charged to {c.name}&apos;s account: we confirm the order at once and you pay the tax invoice within {c.payment_terms_days} days.{' '}
          {c.available_credit === null ? 'No credit limit.' : `Available credit: ${money(c.available_credit)}.`}
        </>,
      )}
      {method === 'invoice' ? (
        <div className="pt-2">
          <label htmlFor="po-number" className="block text-sm font-medium text-slate-700">
            Purchase-order number{c.po_number_required ? <span className="text-red-600"> *</span> : <span className="font-normal text-slate-500"> (optional)</span>}
          </label>
          <input
            id="po-number"
            name="po_number"
            value={poNumber}
            maxLength={100}
            autoComplete="off"
            aria-invalid={poError ? true : undefined}
            aria-describedby={poError ? 'po-number-error' : undefined}
            onChange={(e) => onPoNumber(e.target.value)}
            className={`mt-1 w-full rounded-lg border px-3 py-2 text-sm sm:max-w-xs ${poError ? 'border-red-500' : 'border-slate-300'}`}
          />
          {poError && (
            <p id="po-number-error" className="mt-1 text-sm text-red-600">
              {poError}
            </p>
          )}
          {over && (
            <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
              This order of {money(total!)} is over your available credit of {money(c.available_credit!)}. Pay now instead, or ask your company to settle open invoices.
            </p>
          )}
        </div>
      ) : (
        children
      )}
    </div>
  );
}


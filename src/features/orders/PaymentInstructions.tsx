import { Landmark, QrCode } from 'lucide-react';
import type { OrderPayment, PaymentOptions } from '../../../shared/schemas/payment.schema';
import { money } from '../cart/money';

type Bank = NonNullable<PaymentOptions['bank_transfer']>;

const proxyLabel = (type: 'uen' | 'mobile') => (type === 'uen' ? 'UEN' : 'Mobile');

function Row({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1">
      <dt className="text-slate-500">{label}</dt>
      <dd className={`font-medium text-slate-900 ${mono ? 'break-all font-mono' : ''}`}>{value}</dd>
    </div>
  );
}

function BankDetails({ bank, amount, reference }: { bank: Bank; amount?: number; reference?: string }) {
  return (
    <dl className="text-sm" data-testid="bank-transfer">
      <Row label="Bank" value={bank.bank_name} />
      <Row label="Account name" value={bank.account_name} />
      <Row label="Account number" value={bank.account_number} mono />
      {amount !== undefined && <Row label="Amount" value={money(amount)} />}
      {reference && <Row label="Reference" value={reference} mono />}
    </dl>
  );
}

/**
 * How to pay one order (success and order pages): the PayNow QR code for the exact total with the
 * order number as reference, drawn on the server as SVG so the storefront ships no QR library.
 */
export function PaymentInstructions({ payment }: { payment: OrderPayment }) {
  const { paynow, bank_transfer: bank } = payment;
  return (
    <section className="rounded-xl border border-emerald-200 bg-white p-5 shadow-sm" aria-labelledby="pay-heading" data-testid="payment-instructions">
      <h2 id="pay-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <QrCode className="h-5 w-5 text-emerald-600" aria-hidden /> How to pay
      </h2>
      <p className="mt-1 text-sm text-slate-600">Your order stays pending until your payment arrives; we e-mail you when it does.</p>
      {paynow && (
        <div className="mt-4 flex flex-col items-center gap-5 sm:flex-row sm:items-start">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(paynow.qr_svg)}`}
            alt={`PayNow QR code: ${money(payment.amount)} to ${paynow.payee_name}, reference ${payment.reference}`}
            width={208}
            height={208}
            className="h-52 w-52 flex-none rounded-lg border border-slate-200 bg-white"
            data-testid="paynow-qr"
            data-paynow-payload={paynow.payload}
          />
          <div className="w-full min-w-0">
            <p className="text-sm font-semibold text-slate-900">Pay by PayNow</p>
            <p className="mt-1 text-sm text-slate-600">Scan the code with your banking app: the amount and reference are filled in for you.</p>
            <dl className="mt-3 max-w-md text-sm">
              <Row label="Amount" value={money(payment.amount)} />
              <Row label="Reference" value={payment.reference} mono />
              <Row label="Payee" value={paynow.payee_name} />
              <Row label={proxyLabel(paynow.proxy_type)} value={paynow.proxy} mono />
            </dl>
          </div>
        </div>
      )}
      {bank && (
        <div className={paynow ? 'mt-5 border-t border-slate-200 pt-4' : 'mt-4'}>
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Landmark className="h-4 w-4 text-emerald-600" aria-hidden /> {paynow ? 'Or by bank transfer' : 'Pay by bank transfer'}
          </p>
          <p className="mt-1 text-sm text-slate-600">Please quote the reference so that we can match your payment.</p>
          <div className="mt-2 max-w-md">
            <BankDetails bank={bank} amount={payment.amount} reference={payment.reference} />
          </div>
        </div>
      )}
    </section>
  );
}

/** Checkout: what the shopper will be asked to pay with once the order exists. */
export function CheckoutPaymentNote({ options }: { options: PaymentOptions }) {
  const { paynow, bank_transfer: bank } = options;
  const ways = [paynow && 'PayNow', bank && 'bank transfer'].filter(Boolean).join(' or ');
  return (
    <div className="mt-2 space-y-3 text-sm text-slate-600" data-testid="checkout-payment-options">
      <p>
        Pay by {ways} once your order is placed.{' '}
        {paynow
          ? 'The next page shows a PayNow QR code for the exact total with your order number as the reference; we e-mail it to you too.'
          : 'The next page shows the account details with your order number as the reference; we e-mail them to you too.'}{' '}
        Your order is confirmed as <strong>pending</strong> until the payment arrives.
      </p>
      {paynow && (
        <dl className="rounded-lg bg-slate-50 px-3 py-2">
          <Row label="PayNow to" value={paynow.payee_name} />
          <Row label={proxyLabel(paynow.proxy_type)} value={paynow.proxy} mono />
        </dl>
      )}
      {bank && (
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <BankDetails bank={bank} />
        </div>
      )}
    </div>
  );
}

import { ArrowLeft } from 'lucide-react';
import { CreditNotesList } from '../orders/CreditNotesList';
import { InvoiceTerms } from '../orders/InvoiceTerms';
import { Seo } from '../../components/Seo';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { Link, useParams } from '../../lib/router';
import { httpStatusOf, trpc } from '../../lib/trpc';
import { OrderDetails } from '../orders/OrderDetails';
import { OrderHeading } from '../orders/OrderHeading';
import { formatOrderDate } from '../orders/StatusBadge';

/**
 * One order placed for the company, for its admins (decision 0195): who placed it, then the order as
 * its buyer sees it, with its tax invoice and credit notes for the company's books. Read-only: paying
 * and cancelling stay the buyer's.
 */
export default function CompanyOrderPage() {
  const { id = '' } = useParams();
  const query = trpc.company.order.useQuery({ id }, { retry: false });
  const order = query.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Seo title={order ? `Order ${order.order_number}` : 'Company order'} description="An order placed for your company." path={`/company/orders/${id}`} noindex />
      <Link to="/account?tab=company" className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:text-emerald-800 print:hidden">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the company
      </Link>
      {query.isLoading ? (
        <Spinner label="Loading the order..." />
      ) : query.isError && ![400, 403, 404].includes(httpStatusOf(query.error) ?? 0) ? (
        <ErrorState className="mt-8" title="We couldn't load this order" onRetry={() => query.refetch()} />
      ) : !order ? (
        <p className="mt-10 text-center text-lg font-semibold text-slate-900">Order not found</p>
      ) : (
        <>
          <OrderHeading order={order} invoicePath={`/company/orders/${order.id}/invoice.pdf`} />
          <p className="mt-1 text-sm text-slate-600" data-testid="placed-by">
            Placed on {formatOrderDate(order.created_at)} by <span className="font-medium text-slate-900">{order.placed_by.name}</span> ({order.placed_by.email})
          </p>
          {order.invoice && (
            <div className="mt-6">
              <InvoiceTerms invoice={order.invoice} total={order.total} />
            </div>
          )}
          <div className="mt-6">
            <OrderDetails order={order} />
          </div>
          <CreditNotesList order={order} />
        </>
      )}
    </div>
  );
}

import { useParams } from '../../lib/router';
import { trpc } from '../../lib/trpc';
import { CreditNotesList } from '../orders/CreditNotesList';
import { InvoiceTerms } from '../orders/InvoiceTerms';
import { OrderDetails } from '../orders/OrderDetails';
import { OrderHeading } from '../orders/OrderHeading';
import { formatOrderDate } from '../orders/StatusBadge';
import { CompanyRecordPage } from './CompanyRecordPage';

/**
 * One order placed for the company, for its admins (decision 0195): who placed it, then the order as
 * its buyer sees it, with its tax invoice and credit notes for the company's books. Read-only: paying
 * and cancelling stay the buyer's.
 */
export default function CompanyOrderPage() {
  const { id = '' } = useParams();
  const query = trpc.company.order.useQuery({ id }, { retry: false });
  const seo = { title: query.data ? `Order ${query.data.order_number}` : 'Company order', description: 'An order placed for your company.', path: `/company/orders/${id}` };
  return (
    <CompanyRecordPage what="order" query={query} seo={seo} width="max-w-7xl">
      {(order) => (
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
    </CompanyRecordPage>
  );
}

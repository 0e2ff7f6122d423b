import { useState } from 'react';
import { percentChange } from '../../../../shared/domain/report-range';
import { trpc } from '../../../lib/trpc';
import { ErrorBox, errorText } from '../ui';
import { ReportChart } from './Chart';
import { Change, CsvButton, Figure, RangePicker, ReportTable, money, useReportRange, useStable, ReportSection, whole, type Column } from './report-ui';

const qsOf = (r: { from: string; to: string }) => `from=${r.from}&to=${r.to}`;

export function ProductsReport() {
  const state = useReportRange();
  const query = trpc.admin.reports.products.useQuery(state.range, { placeholderData: (prev) => prev });
  const [by, setBy] = useState<'revenue' | 'units'>('revenue');
  const [level, setLevel] = useState<'product' | 'variant'>('product');
  const d = query.data;
  const rows = useStable(() => {
    const list = d ? (level === 'product' ? d.products.map((p) => ({ key: p.product_id ?? p.product_name, name: p.product_name, ...p })) : d.variants.map((v) => ({ key: v.variant_id ?? v.sku, name: v.sku, ...v }))) : [];
    return [...list].sort((a, b) => (by === 'revenue' ? b.revenue - a.revenue : b.units - a.units) || a.name.localeCompare(b.name));
  }, [d, by, level]);
  const top = rows.slice(0, 10);
  const labels = useStable(() => top.map((r) => r.name), [rows]);
  const series = useStable(() => [{ label: by === 'revenue' ? 'Revenue' : 'Units', data: top.map((r) => (by === 'revenue' ? r.revenue : r.units)) }], [rows]);
  return (
    <ReportSection id="products" title="Products">
      <RangePicker state={state}>
        <label className="text-sm font-medium text-slate-700">
          Best sellers by
          <select aria-label="Best sellers by" className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm" value={by} onChange={(e) => setBy(e.target.value as 'revenue' | 'units')}>
            <option value="revenue">Revenue</option>
            <option value="units">Units</option>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Per
          <select aria-label="Per" className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm" value={level} onChange={(e) => setLevel(e.target.value as 'product' | 'variant')}>
            <option value="product">Product</option>
            <option value="variant">Variant (SKU)</option>
          </select>
        </label>
        <CsvButton path={`/admin/reports/products?${qsOf(state.range)}&format=csv`} name="products.csv" />
      </RangePicker>
      {query.error && <ErrorBox message={errorText(query.error)} onRetry={() => query.refetch()} />}
      {d && (
        <>
          <div className="grid items-start gap-4 xl:grid-cols-2 [&>*]:min-w-0">
            <div className="rounded-xl border border-slate-200 bg-white p-3">
              {top.length > 0 ? (
                <ReportChart labels={labels} series={series} horizontal height={Math.max(160, top.length * 28)} formatLeft={by === 'revenue' ? money : undefined} summary={`The ${top.length} best sellers by ${by}. The table lists them with their trend.`} />
              ) : (
                <p className="p-6 text-center text-sm text-slate-500">No sales in this period.</p>
              )}
            </div>
            <ReportTable
              caption={`Best sellers per ${level} by ${by}`}
              rows={rows}
              rowKey={(r) => r.key}
              columns={[
                { label: level === 'product' ? 'Product' : 'SKU', value: (r) => r.name },
                { label: 'Revenue', value: (r) => money(r.revenue), numeric: true },
                { label: 'Revenue change', value: (r) => <Change value={r.revenue_change} />, numeric: true },
                { label: 'Units', value: (r) => whole(r.units), numeric: true },
                { label: 'Units change', value: (r) => <Change value={r.units_change} />, numeric: true },
                { label: 'Orders', value: (r) => whole(r.orders), numeric: true },
              ]}
            />
          </div>
          <h3 className="mb-2 mt-6 text-base font-semibold text-slate-900">No sale in this period ({d.unsold.length})</h3>
          <ReportTable caption="Products with no sale in the period" rows={d.unsold} rowKey={(r) => r.product_id} empty="Every product sold." columns={[{ label: 'Product', value: (r) => r.product_name }]} />
          <p className="mt-3 text-xs text-slate-500">Revenue here is the line totals (GST included, before any order discount) of orders not cancelled.</p>
        </>
      )}
    </ReportSection>
  );
}

const COUNTRY: Record<string, string> = { SG: 'Singapore', MY: 'Malaysia' };

export function CustomersReport() {
  const state = useReportRange();
  const query = trpc.admin.reports.customers.useQuery(state.range, { placeholderData: (prev) => prev });
  const d = query.data;
  const labels = useStable(() => d?.by_country.map((c) => COUNTRY[c.country] ?? c.country) ?? [], [d]);
  const series = useStable(() => (d ? [{ label: 'This period', data: d.by_country.map((c) => c.orders) }, { label: 'Previous period', data: d.by_country.map((c) => c.previous_orders) }] : []), [d]);
  return (
    <ReportSection id="customers" title="Customers">
      <RangePicker state={state}>
        <CsvButton path={`/admin/reports/customers?${qsOf(state.range)}&format=csv`} name="top-customers.csv" />
      </RangePicker>
      {query.error && <ErrorBox message={errorText(query.error)} onRetry={() => query.refetch()} />}
      {d && (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Figure label="Buyers" value={d.buyers} previous={d.previous.buyers} testId="customers-buyers" />
            <Figure label="New buyers" value={d.new_buyers} previous={d.previous.new_buyers} />
            <Figure label="Returning buyers" value={d.returning_buyers} previous={d.previous.returning_buyers} />
            <Figure label="Repeat rate" value={d.repeat_rate} previous={d.previous.repeat_rate} format={(n) => `${n}%`} />
          </div>
          <div className="mt-4 grid items-start gap-4 xl:grid-cols-2 [&>*]:min-w-0">
            <div>
              <h3 className="mb-2 text-base font-semibold text-slate-900">Orders by country</h3>
              <div className="mb-3 rounded-xl border border-slate-200 bg-white p-3">
                <ReportChart labels={labels} series={series} height={200} summary="Orders per delivery country, this period and the previous one. The table lists them." />
              </div>
              <ReportTable
                caption="Orders by country"
                rows={d.by_country}
                rowKey={(r) => r.country}
                columns={[
                  { label: 'Country', value: (r) => COUNTRY[r.country] ?? r.country },
                  { label: 'Orders', value: (r) => whole(r.orders), numeric: true },
                  { label: 'Before', value: (r) => whole(r.previous_orders), numeric: true },
                  { label: 'Revenue', value: (r) => money(r.revenue), numeric: true },
                  { label: 'Trend', value: (r) => <Change value={percentChange(r.revenue, r.previous_revenue)} />, numeric: true },
                ]}
              />
            </div>
            <ReportTable
              caption="Top customers by spend"
              titled
              rows={d.top_customers}
              rowKey={(r) => r.email}
              columns={[
                { label: 'Customer', value: (r) => r.name },
                { label: 'E-mail', value: (r) => r.email },
                { label: 'Orders', value: (r) => whole(r.orders), numeric: true },
                { label: 'Spent', value: (r) => money(r.revenue), numeric: true },
              ]}
            />
          </div>
          <p className="mt-3 text-xs text-slate-500">
            A buyer is an e-mail address with an order (not cancelled) in the period; new if it is their first such order ever, returning otherwise. Repeat rate: buyers with more than one order in the period.
          </p>
        </>
      )}
    </ReportSection>
  );
}

interface PromotionFigures {
  orders: number;
  previous_orders: number;
  revenue: number;
  previous_revenue: number;
}

/** A coupon and a gift tier are measured alike: orders (the previous period's in brackets), what it gave, the revenue and its trend. */
function PromotionTable<T extends PromotionFigures>({ caption, rows, name, given }: { caption: string; rows: T[]; name: Column<T>; given: Column<T> }) {
  const columns: Column<T>[] = [
    name,
    { label: 'Orders', value: (r) => `${whole(r.orders)} (${whole(r.previous_orders)})`, numeric: true },
    given,
    { label: 'Revenue', value: (r) => money(r.revenue), numeric: true },
    { label: 'Trend', value: (r) => <Change value={percentChange(r.revenue, r.previous_revenue)} />, numeric: true },
  ];
  // A coupon's code and a tier's name are unique in their table: the rows are keyed by them.
  return <ReportTable caption={caption} titled rows={rows} rowKey={(r) => String(name.value(r))} columns={columns} />;
}

export function PromotionsReport() {
  const state = useReportRange();
  const query = trpc.admin.reports.promotions.useQuery(state.range, { placeholderData: (prev) => prev });
  const d = query.data;
  const labels = useStable(() => (d ? [...d.coupons.map((c) => c.code), ...d.gift_tiers.map((t) => t.tier)] : []), [d]);
  const series = useStable(
    () => (d ? [{ label: 'Revenue of those orders', data: [...d.coupons.map((c) => c.revenue), ...d.gift_tiers.map((t) => t.revenue)] }, { label: 'Discount given', data: [...d.coupons.map((c) => c.given), ...d.gift_tiers.map(() => 0)] }] : []),
    [d],
  );
  return (
    <ReportSection id="promotions" title="Promotions">
      <RangePicker state={state}>
        <CsvButton path={`/admin/reports/promotions?${qsOf(state.range)}&format=csv`} name="promotions.csv" />
      </RangePicker>
      {query.error && <ErrorBox message={errorText(query.error)} onRetry={() => query.refetch()} />}
      {d && (
        <>
          <div className="mb-4 rounded-xl border border-slate-200 bg-white p-3">
            {labels.length > 0 ? (
              <ReportChart labels={labels} series={series} horizontal height={Math.max(160, labels.length * 40)} formatLeft={money} summary="Revenue of the orders that used each coupon or gift tier, and the discount given. The tables list them." />
            ) : (
              <p className="p-6 text-center text-sm text-slate-500">No order used a coupon or received a gift in this period.</p>
            )}
          </div>
          <div className="grid items-start gap-4 xl:grid-cols-2 [&>*]:min-w-0">
            <PromotionTable caption="Coupons" rows={d.coupons} name={{ label: 'Code', value: (r) => r.code }} given={{ label: 'Discount given', value: (r) => money(r.given), numeric: true }} />
            <PromotionTable caption="Gift tiers" rows={d.gift_tiers} name={{ label: 'Tier', value: (r) => r.tier }} given={{ label: 'Gifts given', value: (r) => whole(r.gifts), numeric: true }} />
          </div>
          <p className="mt-3 text-xs text-slate-500">Orders not cancelled that used the coupon or received the tier's gifts; previous period in brackets. Gifts have no price in the shop, so they are counted, not valued.</p>
        </>
      )}
    </ReportSection>
  );
}

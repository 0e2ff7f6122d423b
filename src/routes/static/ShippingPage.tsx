import { PackageCheck, RotateCcw, Truck } from 'lucide-react';
import { Link } from '../../lib/router';
import { DELIVERY_DAYS, PROCESSING_DAYS, SHOP_EMAIL } from '../../../shared/constants';
import { RETURNS_POLICY, SHIPPING_POLICY } from '../../../shared/content/policies';
import { formatMoney } from '../../../shared/domain/money';
import { DEFAULT_SHIPPING_RULES } from '../../../shared/domain/shipping';
import { shippingPageMeta } from '../../../shared/seo/shipping-meta';
import { Seo } from '../../components/Seo';
import { IconCard } from '../../components/IconCard';

const dollars = (cents: number) => formatMoney(cents / 100);
const sg = DEFAULT_SHIPPING_RULES.SG;
const my = DEFAULT_SHIPPING_RULES.MY;

export default function ShippingPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Seo {...shippingPageMeta()} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Shipping &amp; Returns</h1>

      <div className="mt-8 grid grid-cols-3 gap-3 sm:gap-4">
        {[
          { icon: PackageCheck, title: 'Processing', text: `${PROCESSING_DAYS.min}-${PROCESSING_DAYS.max} working days` },
          { icon: Truck, title: 'Delivery', text: `${DELIVERY_DAYS.min}-${DELIVERY_DAYS.max} working days` },
          { icon: RotateCcw, title: 'Returns', text: '14 days, unopened packs' },
        ].map((fact) => (
          <IconCard key={fact.title} {...fact} look="fact" />
        ))}
      </div>

      <section className="mt-10 space-y-3 text-slate-700">
        <h2 className="text-xl font-semibold text-slate-900">Shipping</h2>
        <p>{SHIPPING_POLICY.areas}</p>
        <p>
          {SHIPPING_POLICY.processing} {SHIPPING_POLICY.delivery} Orders placed after 2 pm or on weekends and public holidays start processing on the next working day.
        </p>
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-4 py-2.5 font-medium">Destination</th>
                <th className="px-4 py-2.5 font-medium">Standard fee</th>
                <th className="px-4 py-2.5 font-medium">Free shipping from</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              <tr>
                <td className="px-4 py-2.5">Singapore</td>
                <td className="px-4 py-2.5">{dollars(sg.base_fee_cents)} flat</td>
                <td className="px-4 py-2.5">{sg.free_from_subtotal_cents ? dollars(sg.free_from_subtotal_cents) : '-'}</td>
              </tr>
              <tr>
                <td className="px-4 py-2.5">Malaysia</td>
                <td className="px-4 py-2.5">
                  {dollars(my.base_fee_cents)} up to {my.included_weight_grams / 1000} kg, then {dollars(my.per_extra_kg_cents)} per extra kg
                </td>
                <td className="px-4 py-2.5">{my.free_from_subtotal_cents ? dollars(my.free_from_subtotal_cents) : '-'}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p className="text-sm text-slate-500">Standard rates; the exact fee for your parcel is always shown in the cart and at checkout before you place the order.</p>
        <p>{SHIPPING_POLICY.tracking}</p>
      </section>

      <section className="mt-10 space-y-3 text-slate-700">
        <h2 className="text-xl font-semibold text-slate-900">Returns</h2>
        <p>{RETURNS_POLICY.window}</p>
        <p>{RETURNS_POLICY.damaged}</p>
        <p>{RETURNS_POLICY.custom}</p>
        <p>{RETURNS_POLICY.refunds}</p>
        <p>
          To start a return, use the <Link to="/contact" className="text-emerald-700 underline">contact page</Link> or email{' '}
          <a href={`mailto:${SHOP_EMAIL}`} className="text-emerald-700 underline">
            {SHOP_EMAIL}
          </a>{' '}
          with your order number.
        </p>
      </section>
    </div>
  );
}

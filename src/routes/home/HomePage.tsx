import { ArrowRight, BadgePercent, Droplets, ShieldCheck, Truck } from 'lucide-react';
import { SHOP_NAME } from '../../../shared/constants';
import { BrowseProductsBanner } from '../../components/BrowseProductsBanner';
import { homePageMeta } from '../../../shared/seo/landing-meta';
import { siteOrigin } from '../../lib/site-origin';
import { Seo } from '../../components/Seo';
import { ButtonLink } from '../../components/ui/Button';

const features = [
  { icon: ShieldCheck, title: 'Premium Quality', text: 'Durable LDPE polymailers that stand up to sorting centres and couriers.' },
  { icon: Droplets, title: 'Waterproof & Tamper-Evident', text: 'Weatherproof film and a strong self-seal strip keep parcels dry and secure.' },
  { icon: BadgePercent, title: 'Bulk Discounts', text: 'The more packs you order, the less you pay per pack: tiers at 25, 50 and 100.' },
  { icon: Truck, title: 'Fast Singapore Delivery', text: 'Processed in 1 to 2 working days and delivered in 2 to 5, across Singapore and Malaysia.' },
];

export default function HomePage() {
  return (
    <>
      <Seo {...homePageMeta(siteOrigin())} />
      <section className="relative overflow-hidden bg-gradient-to-br from-emerald-700 via-emerald-600 to-teal-500 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 md:py-24 lg:px-8">
          <div>
            <p className="inline-block rounded-full bg-white/15 px-3 py-1 text-xs font-semibold uppercase tracking-wider">
              Singapore &amp; Malaysia
            </p>
            <h1 className="mt-4 text-4xl font-extrabold leading-tight sm:text-5xl">Premium polymailers that protect every parcel</h1>
            <p className="mt-4 max-w-xl text-lg text-emerald-50">
              Durable, waterproof LDPE mailers, bubble wrap and packaging supplies for online sellers, with bulk discounts and fast
              Singapore delivery.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/products" size="lg" variant="secondary">
                Shop Now <ArrowRight className="h-4 w-4" aria-hidden />
              </ButtonLink>
              <ButtonLink to="/about" size="lg" variant="outline" className="!border-white/60 !bg-white/10 !text-white hover:!bg-white/20">
                Learn More
              </ButtonLink>
            </div>
          </div>
          <div className="relative mx-auto hidden h-72 w-full max-w-md md:block" aria-hidden>
            <div className="absolute left-6 top-6 h-56 w-44 -rotate-6 rounded-2xl bg-pink-300 shadow-2xl" />
            <div className="absolute left-32 top-2 h-60 w-48 rotate-3 rounded-2xl bg-sky-200 shadow-2xl" />
            <div className="absolute left-60 top-10 h-52 w-40 rotate-12 rounded-2xl bg-slate-900 shadow-2xl" />
            <div className="absolute left-32 top-2 h-10 w-48 rotate-3 rounded-t-2xl bg-sky-300/80" />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="why">
        <h2 id="why" className="text-center text-3xl font-bold text-slate-900">Why small businesses pack with {SHOP_NAME}</h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-8 sm:px-6 lg:px-8">
        <BrowseProductsBanner />
      </section>
    </>
  );
}

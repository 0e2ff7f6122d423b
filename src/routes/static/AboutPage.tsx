import { ArrowRight, ExternalLink, Instagram, Leaf, PackageCheck, ShoppingBag, Store, Truck } from 'lucide-react';
import { SHOP_NAME } from '../../../shared/constants';
import { BrowseProductsBanner } from '../../components/BrowseProductsBanner';
import { BRAND_LINKS } from '../../../shared/content/brand';
import { landingPageMeta } from '../../../shared/seo/landing-meta';
import { siteOrigin } from '../../lib/site-origin';
import { Seo } from '../../components/Seo';
import { ButtonLink } from '../../components/ui/Button';
import { IconCard } from '../../components/IconCard';

// Three brand segments (docs/spec/storefront.md section 2): two external storefronts and one social profile.
const BRAND_SEGMENTS = [
  {
    icon: ShoppingBag,
    name: `${SHOP_NAME} on Shopee`,
    text: 'Prefer Shopee? Our official store carries best-selling mailers with Shopee vouchers and coins.',
    href: BRAND_LINKS.shopee,
    cta: 'Visit Shopee store',
  },
  {
    icon: Store,
    name: `${SHOP_NAME} on Lazada`,
    text: 'Our bubble wrap and mailers are also on Lazada, for shoppers who like to check out with their Lazada account.',
    href: BRAND_LINKS.lazada,
    cta: 'Visit Lazada store',
  },
  {
    icon: Instagram,
    name: '@packshop.sg on Instagram',
    text: 'Packing tips, new colours and unboxing ideas from the small businesses we supply.',
    href: BRAND_LINKS.instagram,
    cta: 'Follow on Instagram',
  },
];

const VALUES = [
  { icon: PackageCheck, title: 'Premium quality', text: 'Durable, waterproof LDPE in 60 and 80 microns, tested on real courier routes.' },
  { icon: Truck, title: 'Fast local delivery', text: 'Packed in Singapore in 1-2 working days, delivered in 2-5 across Singapore and Malaysia.' },
  { icon: Leaf, title: 'Less waste', text: 'Right-sized mailers use less film than boxes and ship lighter, so couriers charge you less.' },
];

export default function AboutPage() {
  return (
    <>
      <Seo {...landingPageMeta(siteOrigin())} />
      <section className="bg-gradient-to-br from-emerald-700 via-emerald-600 to-teal-500 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
          <p className="inline-block rounded-full bg-white/15 px-3 py-1 text-xs font-semibold uppercase tracking-wider">Made for online sellers</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">Premium polymailers, packed and shipped from Singapore</h1>
          <p className="mt-4 max-w-2xl text-lg text-emerald-50">
            {SHOP_NAME} supplies durable, waterproof LDPE mailers, bubble wrap and packing supplies to small businesses and online sellers in
            Singapore and Malaysia, with bulk discounts that grow with you and service from people who pack parcels every day.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/products" size="lg" variant="secondary">
              Shop Now <ArrowRight className="h-4 w-4" aria-hidden />
            </ButtonLink>
            <ButtonLink to="/faq" size="lg" variant="outline" className="!border-white/60 !bg-white/10 !text-white hover:!bg-white/20">
              Read the FAQ
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-6 md:grid-cols-3">
          {VALUES.map((v) => (
            <IconCard key={v.title} {...v} look="feature" />
          ))}
        </div>
      </section>

      <section className="bg-slate-50 py-14" aria-labelledby="find-us">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="find-us" className="text-center text-3xl font-bold text-slate-900">
            Find {SHOP_NAME} everywhere you shop
          </h2>
          <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600">Same products and the same care, wherever you like to buy.</p>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {BRAND_SEGMENTS.map(({ icon: Icon, name, text, href, cta }) => (
              <div key={name} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="brand-segment">
                <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{name}</h3>
                <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{text}</p>
                <a href={href} target="_blank" rel="noopener noreferrer" className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-700 hover:underline">
                  {cta} <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                </a>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <BrowseProductsBanner />
      </section>
    </>
  );
}

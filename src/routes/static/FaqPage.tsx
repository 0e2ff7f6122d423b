import { ChevronDown, Mail, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { SHOP_EMAIL } from '../../../shared/constants';
import { FAQ } from '../../../shared/content/faq';
import { faqPageMeta } from '../../../shared/seo/faq-meta';
import { Seo } from '../../components/Seo';
import { buttonClass, ButtonLink } from '../../components/ui/Button';

export default function FaqPage() {
  // One item open at a time (docs/spec/storefront.md section 2); the first starts open.
  const [open, setOpen] = useState<number | null>(0);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Seo {...faqPageMeta()} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Frequently Asked Questions</h1>
      <p className="mt-2 text-slate-600">Sizes, materials, pricing, delivery and returns, answered.</p>

      <div className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {FAQ.map((item, i) => {
          const isOpen = open === i;
          return (
            <div key={item.question}>
              <h2>
                <button
                  type="button"
                  className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50"
                  aria-expanded={isOpen}
                  aria-controls={`faq-${i}`}
                  onClick={() => setOpen(isOpen ? null : i)}
                >
                  {item.question}
                  <ChevronDown className={`h-5 w-5 shrink-0 text-slate-500 transition-transform ${isOpen ? 'rotate-180' : ''}`} aria-hidden />
                </button>
              </h2>
              <div id={`faq-${i}`} hidden={!isOpen} className="px-5 pb-5 text-sm leading-6 text-slate-600">
                {item.answer}
              </div>
            </div>
          );
        })}
      </div>

      <div className="mt-10 rounded-xl bg-emerald-50 p-6 text-center">
        <h2 className="text-lg font-semibold text-slate-900">Still have a question?</h2>
        <p className="mt-1 text-sm text-slate-600">We usually reply within 24 hours.</p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/contact">
            <MessageSquare className="h-4 w-4" aria-hidden /> Contact Us
          </ButtonLink>
          <a href={`mailto:${SHOP_EMAIL}`} className={buttonClass('outline')}>
            <Mail className="h-4 w-4" aria-hidden /> Email Us
          </a>
        </div>
      </div>
    </div>
  );
}

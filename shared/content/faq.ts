// Questions packaging buyers in Singapore and Malaysia actually ask, for the /faq page and its
// FAQPage structured data. Shipping and returns answers come from policies.ts so they never drift.
import { CONTACT_REPLY_HOURS, SHOP_EMAIL } from '../constants';
import { RETURNS_POLICY, SHIPPING_POLICY } from './policies';

export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ: readonly FaqItem[] = [
  {
    question: 'Which polymailer size do I need?',
    answer:
      'Measure your item when folded or boxed and add about 2 cm to the width and 3 cm to the height so the flap still seals. ' +
      'As a guide: 17x30 cm fits accessories and a folded T-shirt, 25x35 cm fits a folded dress or two T-shirts, 28x42 cm fits a ' +
      'pair of jeans or a hoodie, and 32x43 cm or 38x52 cm fit jackets and shoe boxes. Sizes are width x height in cm, flap not included.',
  },
  {
    question: 'What are your polymailers made of? Are they waterproof?',
    answer:
      'Our standard mailers are 60-micron co-extruded LDPE and our premium range is 80-micron virgin LDPE. Both are waterproof, ' +
      'tear-resistant and opaque (except the clear range), with a grey inner layer so contents do not show through.',
  },
  {
    question: 'Are the bags tamper-evident?',
    answer: 'Yes. The permanent self-seal strip bonds to the film, so anyone trying to reopen the bag tears it and leaves visible damage. Premium mailers add a second strip so your customer can return items in the same bag.',
  },
  {
    question: 'How do bulk discounts work?',
    answer:
      'Polymailers have price tiers per pack: the more packs of one size you order, the lower the price per pack, with breaks at 25, 50 and 100 packs. ' +
      'The product page shows the tiers and recalculates the total as you change the quantity. For orders above 100 packs, email us for a quote.',
  },
  {
    question: 'What is the difference between "pcs/pack" and "pieces"?',
    answer: 'Polymailers are sold in packs (for example 100 pcs/pack), and the quantity you choose is the number of packs. Bubble wrap pouches, sheets and rolls are sold by the piece.',
  },
  {
    question: 'Where do you ship to?',
    answer: `${SHIPPING_POLICY.areas} ${SHIPPING_POLICY.fees}`,
  },
  {
    question: 'How long does delivery take?',
    answer: `${SHIPPING_POLICY.processing} ${SHIPPING_POLICY.delivery} ${SHIPPING_POLICY.tracking}`,
  },
  {
    question: 'Can I return or exchange items?',
    answer: `${RETURNS_POLICY.window} ${RETURNS_POLICY.damaged} ${RETURNS_POLICY.howTo}`,
  },
  {
    question: 'Do you offer custom printed polymailers?',
    answer:
      `Yes. We print your logo in one or two colours on white, black or pink mailers, usually from 1,000 pieces per size, in about 3 to 4 weeks after artwork approval. ` +
      `Email ${SHOP_EMAIL} with your logo, sizes and quantities for a quote. ${RETURNS_POLICY.custom}`,
  },
  {
    question: 'Are your mailers recyclable?',
    answer: 'LDPE is recycling code 4. Our mailers contain no paper or metal, so they can go into soft-plastic recycling where it is collected. They are also strong enough for customers to reuse.',
  },
  {
    question: 'Do you issue invoices with GST for business purchases?',
    answer: 'Yes. Prices include 9% GST, and every order shows the GST amount. Your order page serves as the invoice; email us if you need your company name or UEN on it.',
  },
  {
    question: 'Which payment methods do you accept?',
    answer: 'Online card payment is coming soon. You can already place your order: it is recorded as pending and we contact you about payment before it ships.',
  },
  {
    question: 'How quickly will you answer my question?',
    answer: `We usually reply within ${CONTACT_REPLY_HOURS} hours on working days. Use the contact form or email ${SHOP_EMAIL}.`,
  },
];

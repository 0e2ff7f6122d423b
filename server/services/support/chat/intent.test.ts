import { describe, expect, it } from 'vitest';
import { fittingMailers } from '../../../../shared/domain/mailer-fit';
import { parseItem, parseMailerMention } from './item-dimensions';
import { detectIntent, type Intent } from './intent';

// Real questions shoppers ask a packaging shop, with the kind of answer each should get.
const QUESTIONS: [string, Intent][] = [
  ['What size mailer do I need for a 30 x 20 x 5 cm box?', 'sizing'],
  ['30x20x5', 'sizing'],
  ['My item is 30 by 20 cm', 'sizing'],
  ['300 x 200 x 50 mm', 'sizing'],
  ['which mailer fits A4 documents?', 'sizing'],
  ['What size for a pair of jeans?', 'sizing'],
  ['I need to send a hoodie', 'sizing'],
  ['Will a shoe box fit in your biggest bag?', 'sizing'],
  ['What sizes do you have?', 'sizing'],
  ['recommend a bag for 2 t-shirts', 'sizing'],
  ['12 x 8 x 2 inches', 'sizing'],
  ['best polymailer for posting a phone case', 'sizing'],
  ['pink 25x35 price', 'pricing'],
  ['How much are the white mailers?', 'pricing'],
  ['how much does bubble wrap cost', 'pricing'],
  ['Can I get a quote for black polymailers?', 'pricing'],
  ['Do you give bulk discounts?', 'bulk'],
  ['Is there a discount if I buy 500 packs?', 'bulk'],
  ['wholesale pricing please', 'bulk'],
  ['Discounts if I buy 2000 mailers?', 'bulk'],
  ['any discount for 1,000 polymailers', 'bulk'],
  ['How do I store polymailers so the adhesive stays sticky?', 'storage'],
  ['the seal strip does not stick any more', 'storage'],
  ['what is the shelf life of your mailers', 'storage'],
  ['Any coupon codes?', 'coupons'],
  ['do you have a promo code for first order', 'coupons'],
  ['any discounts now?', 'coupons'],
  ['Do I get a free gift?', 'gifts'],
  ['add 2 packs of white 25x35 to my cart', 'add_to_cart'],
  ['Please add the pink 20x30 pack of 50 to cart', 'add_to_cart'],
  ['I would like to buy 3 packs of black 28x42', 'add_to_cart'],
  ['I want to buy a mailer for my hoodie', 'sizing'],
  ['how many t-shirts fit in a 25x35 bag?', 'sizing'],
  ['Where is my order PS-20261121-4F7K2Q?', 'order_status'],
  ['ps20261121abcd12', 'order_status'],
  ['track my order', 'order_status'],
  ["I haven't received my parcel", 'order_status'],
  ['What is your return policy?', 'returns'],
  ['My mailers arrived damaged', 'returns'],
  ['Can I get a refund?', 'returns'],
  ['Do you deliver to Malaysia?', 'shipping'],
  ['How long does delivery take?', 'shipping'],
  ['How much is shipping to Johor?', 'shipping'],
  ['Do you ship overseas to Australia?', 'shipping'],
  ['Do you accept PayNow?', 'payment'],
  ['Can you print my logo on the mailers?', 'custom'],
  ['Are the bags waterproof?', 'product_info'],
  ['What material are polymailers made of?', 'product_info'],
  ['What colours do you have?', 'product_info'],
  ['Do you have clear mailers in stock?', 'availability'],
  ['Where are you located? Can I self collect?', 'company'],
  ['I want to talk to a real person', 'contact_human'],
  ['thanks!', 'thanks'],
  ['Hello', 'greeting'],
  ["what's the weather like tomorrow", 'unknown'],
  ['asdfghjkl', 'unknown'],
];

describe('detectIntent on real questions', () => {
  it('has a table of at least 40 questions', () => expect(QUESTIONS.length).toBeGreaterThanOrEqual(40));
  it.each(QUESTIONS)('%s → %s', (question, intent) => {
    expect(detectIntent(question)).toBe(intent);
  });
});

// The sizes the seeded catalogue sells (width x height in cm).
const CATALOGUE = ['17x30', '20x30', '25x35', '28x42', '32x43', '38x52'].map((code) => {
  const [widthCm, heightCm] = code.split('x').map(Number);
  return { code, widthCm, heightCm };
});

const SIZING: [string, string | null][] = [
  ['a 30 x 20 x 5 cm box', '28x42'],
  ['30x20x5', '28x42'],
  ['300 x 200 x 50 mm', '28x42'],
  ['30cm x 20cm x 5cm', '28x42'],
  ['20 by 15 cm', '20x30'],
  ['12 x 8 x 2 inches', '28x42'],
  ['A4 documents', '25x35'],
  ['A5 booklet', '20x30'],
  ['A3 poster', '38x52'],
  ['a pair of jeans', '28x42'],
  ['a hoodie', '28x42'],
  ['a t-shirt', '17x30'],
  ['a shoe box', '38x52'],
  ['a phone case', '17x30'],
  ['a paperback book', '20x30'],
  ['a dress', '25x35'],
  ['a winter jacket', '38x52'],
  ['a 60 x 50 x 20 cm carton', null],
];

describe('size recommendation from words and measurements', () => {
  it.each(SIZING)('%s → %s', (text, expected) => {
    const parsed = parseItem(text);
    expect(parsed).not.toBeNull();
    const best = fittingMailers(parsed!.item, CATALOGUE)[0];
    expect(best?.code ?? null).toBe(expected);
  });

  it('converts millimetres and inches and assumes a flat item when no depth is given', () => {
    expect(parseItem('300 x 200 mm')).toMatchObject({ label: '30 x 20 cm', assumedDepth: true });
    expect(parseItem('10 x 8 x 2 in')?.item).toEqual({ lengthCm: 25.4, widthCm: 20.32, depthCm: 5.08 });
  });

  it('ignores absurd measurements', () => {
    expect(parseItem('0 x 20 x 5 cm')).toBeNull();
    expect(parseItem('9000 x 20 x 5 cm')).toBeNull();
  });
});

describe('a mailer size named in the question', () => {
  it('is read as the bag, not the item', () => {
    expect(parseMailerMention('how many t-shirts fit in a 25x35 bag?')).toEqual({ widthCm: 25, heightCm: 35 });
    expect(parseMailerMention('what fits in a 52 x 38 cm polymailer')).toEqual({ widthCm: 38, heightCm: 52 });
    expect(parseMailerMention('my box is 30 x 20 x 5 cm')).toBeNull();
  });
});

// What a shopper is asking, from their words alone. Rules, not a model: ordered so that the more
// specific reading wins ("add 2 packs of 25x35 to my cart" is a cart request, not a size question).
import { matchTypicalItem, parseItem, parseMeasurements } from './item-dimensions';

export type Intent =
  | 'order_status'
  | 'add_to_cart'
  | 'sizing'
  | 'returns'
  | 'shipping'
  | 'bulk'
  | 'coupons'
  | 'gifts'
  | 'pricing'
  | 'availability'
  | 'payment'
  | 'custom'
  | 'storage'
  | 'product_info'
  | 'company'
  | 'contact_human'
  | 'thanks'
  | 'greeting'
  | 'unknown';

/** Readable order numbers look like PS-20261121-4F7K2Q; shoppers may drop the dashes. */
export const ORDER_NUMBER = /\bPS-?\d{8}-?[A-Z0-9]{4,8}\b/i;

const SIZE_WORDS =
  /\b(sizes?|sizing|fits?|fitting|big enough|large enough|which (mailer|bag|one|polymailer)|what (mailer|bag|polymailer)|dimensions?|measure\w*|how big|recommend\w*)\b/i;
const SEND_WORDS = /\b(send|sending|ship|shipping|post|posting|pack|packing|mail|mailing|wrap|put)\b/i;
const CART_WORDS = /\b(add|put)\b.*\b(cart|basket|bag)\b|\badd\b.*\b(packs?|\d+x\d+)\b|\b(i('d| would) like to|i want to|can i) (buy|order|purchase)\b|^(buy|add)\b/i;
const TRACK_WORDS = /\b(track\w*|where('?s| is) my|status of my|my orders?|order status|delivered yet|not (yet )?(received|arrived)|haven'?t (received|got|gotten)|when will (it|my))\b/i;
const RETURN_WORDS = /\b(returns?|refund\w*|exchange|damaged|defective|faulty|broken|wrong item|cancel\w*)\b/i;
const SHIPPING_WORDS =
  /\b(deliver\w*|courier|malaysia|johor|kl|kuala lumpur|ship(ping)? (to|fee|fees|cost|time|times)|how long|arrive|postage|overseas|international|shipping)\b/i;
// "discounts if I buy 2000 mailers?" is a quantity question (tiers, bulk quote), not a coupon one.
const BULK_WORDS =
  /\b(bulk|wholesale|tiers?|volume|large orders?|in quantity|buy (a lot|many|more)|quantity discounts?|[\d,]{3,} ?(packs|pcs|pieces|mailers?|polymailers?|bags?|units?|envelopes?))\b/i;
const COUPON_WORDS = /\b(coupons?|promo\w*|vouchers?|discount codes?|codes?|discounts?|deals?|sales?|offers?|welcome10|bulk15)\b/i;
const GIFT_WORDS = /\b(free gifts?|gifts?|freebies?|free items?)\b/i;
const PRICE_WORDS = /\b(price\w*|cost\w*|how much|cheap\w*|expensive|quote|rates?)\b|\$/i;
const STOCK_WORDS = /\b(in stock|stock|available|availability|sold out|out of stock)\b/i;
const PAYMENT_WORDS = /\b(pay|paying|payment|paynow|credit card|debit card|visa|mastercard|invoice|cash on delivery|cod)\b/i;
const CUSTOM_WORDS = /\b(custom\w*|logo|print(ed|ing)?|branded|personali[sz]ed|own design)\b/i;
const PRODUCT_WORDS =
  /\b(material|ldpe|plastic|waterproof|water ?resistant|thick\w*|microns?|recycl\w*|eco|biodegrad\w*|tamper\w*|colou?rs?|opaque|see.?through|double seal|premium|strong|durable|adhesive|what is a polymailer)\b/i;
// Looking after stock already bought (heat and humidity soften the seal strip's adhesive).
const STORAGE_WORDS =
  /\b(stor(e|ing|age)\b.*\b(mailers?|polymailers?|bags?|adhesive|tape|bubble wrap|stock)|(mailers?|polymailers?|bags?|tape) .*\bstor(e|ing|age)|shelf[- ]life|stays? sticky|adhesive (stays?|los\w+|dr(y|ies)|weak\w*|not stick\w*)|(los(e|es|ing)|lost) (its |their )?stick\w*|(not|won'?t|doesn'?t|don'?t) stick\w*)/i;
const COMPANY_WORDS = /\b(located|location|address|pick ?up|self[- ]?collect\w*|collect|showroom|opening hours|open|warehouse|walk.?in|who are you)\b/i;
const HUMAN_WORDS = /\b(human|real person|person|someone|staff|speak|talk|call|phone|whatsapp|email|e-mail|contact|complain\w*)\b/i;
const THANKS_WORDS = /\b(thanks?|thank you|thx|ty|cheers|appreciate)\b/i;
const GREETING_WORDS = /^\s*(hi+|hello|hey|hiya|good (morning|afternoon|evening)|yo|howdy|greetings)\b/i;

export function detectIntent(raw: string): Intent {
  const text = raw.trim();
  if (ORDER_NUMBER.test(text)) return 'order_status';
  // "I want to buy a mailer for my hoodie" needs a size first; "buy 3 packs of 28x42" is an order.
  if (CART_WORDS.test(text)) return matchTypicalItem(text) && !/\d\s*[x×*]\s*\d/i.test(text) ? 'sizing' : 'add_to_cart';
  const measured = parseMeasurements(text) !== null;
  const item = measured || parseItem(text) !== null;
  if (item && SIZE_WORDS.test(text)) return 'sizing';
  if (TRACK_WORDS.test(text)) return 'order_status';
  if (RETURN_WORDS.test(text)) return 'returns';
  if (SHIPPING_WORDS.test(text) && !(item && SEND_WORDS.test(text) && !/\b(malaysia|deliver\w*|how long)\b/i.test(text))) return 'shipping';
  if (BULK_WORDS.test(text)) return 'bulk';
  if (GIFT_WORDS.test(text)) return 'gifts';
  if (COUPON_WORDS.test(text)) return 'coupons';
  if (PRICE_WORDS.test(text)) return 'pricing';
  if (measured || (item && SEND_WORDS.test(text)) || SIZE_WORDS.test(text)) return 'sizing';
  if (STOCK_WORDS.test(text)) return 'availability';
  if (PAYMENT_WORDS.test(text)) return 'payment';
  if (CUSTOM_WORDS.test(text)) return 'custom';
  if (STORAGE_WORDS.test(text)) return 'storage';
  if (PRODUCT_WORDS.test(text)) return 'product_info';
  if (COMPANY_WORDS.test(text)) return 'company';
  if (HUMAN_WORDS.test(text)) return 'contact_human';
  if (THANKS_WORDS.test(text)) return 'thanks';
  if (GREETING_WORDS.test(text)) return 'greeting';
  if (item) return 'sizing';
  return 'unknown';
}

// Shipping and returns facts in one place, so the /shipping page, the FAQ and the chat assistant
// never disagree (docs/spec/storefront.md sections 1 and 9). Figures come from shared/constants.ts.
import { CONTACT_REPLY_HOURS, DELIVERY_DAYS, PROCESSING_DAYS, SHOP_EMAIL } from '../constants';

export const SHIPPING_POLICY = {
  areas: 'We ship to Singapore and Malaysia only.',
  processing: `Orders are processed in ${PROCESSING_DAYS.min} to ${PROCESSING_DAYS.max} working days.`,
  delivery: `Delivery takes ${DELIVERY_DAYS.min} to ${DELIVERY_DAYS.max} working days after dispatch.`,
  fees: 'The shipping fee for your parcel is worked out from its weight and address and shown in the cart and at checkout before you pay.',
  tracking: 'Once your order ships, its tracking number appears on the order page under My Orders.',
} as const;

export const RETURNS_POLICY = {
  window: 'Unopened packs in their original condition can be returned within 14 days of delivery.',
  damaged:
    'If anything arrives damaged or is not what you ordered, tell us within 7 days with your order number and a photo, and we will replace it or refund you, including the shipping fee.',
  custom: 'Custom-printed packaging is made to order and can only be returned if it is faulty.',
  refunds: 'Refunds go back to the original payment method within 5 to 10 working days of our receiving the return.',
  howTo: `To start a return, contact us through the contact page or at ${SHOP_EMAIL} with your order number.`,
} as const;

// The seal strip is a pressure-sensitive adhesive: Singapore's heat and humidity are what age it.
export const STORAGE_POLICY = {
  where: 'Keep mailers flat in their carton or sealed bag, in a cool, dry place out of direct sunlight (below about 30 °C), off the floor and away from walls that sweat.',
  liner: 'Leave the release liner on the seal strip until the moment you pack; once it is peeled, the adhesive gathers dust and loses grip within hours.',
  age: 'Stored this way the adhesive stays sticky for at least 12 months; use older stock first (first in, first out).',
  seal: 'When sealing, press the strip firmly from the middle outwards for a few seconds on a clean, dry flap. A cold bag from an air-conditioned room seals better once it is at room temperature.',
  faulty: 'If a strip does not hold on a new pack, tell us within 7 days with your order number and a photo and we will replace it.',
} as const;

export const CONTACT_POLICY = {
  email: SHOP_EMAIL,
  replyTime: `We usually reply within ${CONTACT_REPLY_HOURS} hours.`,
} as const;

/** The lines in order, for pages and chat replies that list them. */
export const storageLines = (): string[] => Object.values(STORAGE_POLICY);

import { z } from 'zod';

const text = (label: string, max = 200) => z.string().trim().min(1, `Please enter the ${label}`).max(max, `The ${label} is too long`);

/** The shop's name and contact details: e-mail footers, staff notifications, tax invoices. */
export const shopProfileSchema = z.object({
  shop_name: text('shop name', 80),
  legal_name: text('legal name', 120),
  email: z.string().trim().email('Please enter a valid shop e-mail address'),
  phone: text('phone number', 40),
  address: text('address', 300),
  gst_registration_number: z.string().trim().max(40, 'The GST registration number is too long'),
});
export type ShopProfile = z.infer<typeof shopProfileSchema>;

export const updateShopProfileInput = shopProfileSchema.partial();

export const DEFAULT_SHOP_PROFILE: Readonly<ShopProfile> = Object.freeze({
  shop_name: 'PackShop',
  legal_name: 'PackShop Pte. Ltd.',
  email: 'hello@packshop.sg',
  phone: '+65 6123 4567',
  address: '10 Ubi Crescent, #01-23, Singapore 408564',
  gst_registration_number: '',
});

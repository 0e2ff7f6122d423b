import { z } from 'zod';
import { COUNTRIES } from '../constants';
import { postalCodeProblem } from '../domain/address';
import { phoneSchema } from './user.schema';

const required = (label: string, max = 120) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);
const optional = (label: string, max = 120) => z.string().trim().max(max, `${label} is too long`).nullable().optional();

/** Address fields as the storefront sends them (storefront.md section 3). */
export const addressFields = z.object({
  fullName: required('Full name', 100),
  phone: phoneSchema.min(1, 'Phone is required'),
  addressLine1: required('Address line 1', 200),
  addressLine2: optional('Address line 2', 200),
  unit: optional('Unit', 40),
  postalCode: z.string({ error: 'Postal code is required' }).trim().min(1, 'Postal code is required'),
  city: required('City', 80),
  state: required('State', 80),
  country: z.enum(COUNTRIES, { error: 'We ship to Singapore and Malaysia only' }),
});

const withPostalRule = <T extends z.ZodType<{ country?: string; postalCode?: string }>>(schema: T) =>
  schema.superRefine((a, ctx) => {
    if (!a.country || a.postalCode === undefined) return;
    const problem = postalCodeProblem(a.country, a.postalCode);
    if (problem) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: problem });
  });

export const addressInput = withPostalRule(addressFields.extend({ isDefault: z.boolean().optional() }));
export const updateAddressInput = withPostalRule(addressFields.extend({ id: z.string().trim().min(1).max(64), isDefault: z.boolean().optional() }));

export const addressOutput = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  unit: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  isDefault: z.boolean(),
});
export type AddressDto = z.infer<typeof addressOutput>;

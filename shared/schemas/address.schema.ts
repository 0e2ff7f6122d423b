import { z } from 'zod';
import { COUNTRIES } from '../constants';
import { INVALID_PHONE, REQUIRED_MESSAGE, phoneProblem, postalCodeProblem } from '../domain/address';
import { phoneSchema } from './user.schema';

const required = (label: string, max = 120) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);
const optional = (label: string, max = 120) => z.string().trim().max(max, `${label} is too long`).nullable().optional();

/** Address fields as the storefront sends them (docs/spec/storefront.md section 3); checkout requires them all. */
export const addressFields = z.object({
  fullName: required('Full name', 100),
  phone: phoneSchema.min(1, REQUIRED_MESSAGE.phone).refine((p) => p === '' || phoneProblem(p) === null, INVALID_PHONE),
  addressLine1: required('Address line 1', 200),
  addressLine2: optional('Address line 2', 200),
  unit: optional('Unit', 40),
  postalCode: z.string({ error: REQUIRED_MESSAGE.postalCode }).trim().min(1, REQUIRED_MESSAGE.postalCode),
  city: required('City', 80),
  state: required('State', 80),
  country: z.enum(COUNTRIES, { error: 'We ship to Singapore and Malaysia only' }),
});

/**
 * A saved address needs only full name, phone, address line 1 and postal code (docs/spec/storefront.md
 * section 5, the account's form): city and state may be left out, and are filled for Singapore
 * (withCountryDefaults).
 */
const savedAddressFields = addressFields.extend({ city: optional('City', 80), state: optional('State', 80) });

const withPostalRule = <T extends z.ZodType<{ country?: string; postalCode?: string }>>(schema: T) =>
  schema.superRefine((a, ctx) => {
    // A blank code is already "Postal code is required"; saying it has the wrong length too is noise.
    if (!a.country || a.postalCode === undefined || a.postalCode.trim() === '') return;
    const problem = postalCodeProblem(a.country, a.postalCode);
    if (problem) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: problem });
  });

export const addressInput = withPostalRule(savedAddressFields.extend({ isDefault: z.boolean().optional() }));
export const updateAddressInput = withPostalRule(savedAddressFields.extend({ id: z.string().trim().min(1).max(64), isDefault: z.boolean().optional() }));

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

/** The address a new order (an accepted quote's) is prefilled with; both null when the buyer has none. */
export const deliveryAddressOutput = z.object({
  /** The saved address it is, or null for one typed at an earlier checkout and not saved. */
  address_id: z.string().nullable(),
  address: addressOutput.omit({ id: true, isDefault: true }).nullable(),
});

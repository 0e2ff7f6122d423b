import { z } from 'zod';
import { COUNTRIES, ROLES } from '../constants';
import { normaliseCompanyNumber, registrationNumberProblem, taxNumberProblem } from '../domain/company';

const name = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(80, `${label} is too long`);

/** An e-mail address as every form and API takes it: trimmed, checked, stored lower-cased. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Please enter a valid email address')
  .transform((e) => e.toLowerCase());

export const phoneSchema = z
  .string()
  .trim()
  .max(30, 'Phone number is too long')
  .regex(/^[+0-9 ()-]*$/, 'Please enter a valid phone number');

/** A new password's shape (registration, reset, change); the full policy is checked on the server. */
const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is too long');

export const registerInput = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  first_name: name('First name'),
  last_name: name('Last name'),
  phone: phoneSchema.optional().nullable(),
});

export const loginInput = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});

/**
 * A business buyer's company, printed on its tax invoices: registered name, registration number
 * (UEN in Singapore, SSM in Malaysia, by the company's country), GST/SST number if registered, and
 * the billing address as it should print.
 */
const companyFields = z.object({
    name: z.string({ error: 'Company name is required' }).trim().min(1, 'Company name is required').max(120, 'Company name is too long'),
    country: z.enum(COUNTRIES, { error: 'The company must be registered in Singapore or Malaysia' }),
    registration_number: z.string({ error: 'Registration number is required' }).max(40, 'Registration number is too long').transform(normaliseCompanyNumber),
    tax_number: z
      .string()
      .max(40, 'Tax registration number is too long')
      .transform(normaliseCompanyNumber)
      .nullable()
      .optional()
      .transform((v) => v || null),
    billing_address: z
      .string()
      .trim()
      .max(300, 'Billing address is too long')
      .refine((v) => v.split('\n').length <= 6, 'Billing address has at most 6 lines')
      .nullable()
      .optional()
      .transform((v) => v || null),
  });

/** The numbers checked by the company's country; companies.schema.ts adds to the same fields. */
export function checkCompanyNumbers(c: { country: (typeof COUNTRIES)[number]; registration_number: string; tax_number?: string | null }, ctx: z.RefinementCtx) {
  const reg = registrationNumberProblem(c.country, c.registration_number);
  if (reg) ctx.addIssue({ code: 'custom', path: ['registration_number'], message: reg });
  const tax = c.tax_number ? taxNumberProblem(c.country, c.tax_number) : null;
  if (tax) ctx.addIssue({ code: 'custom', path: ['tax_number'], message: tax });
}

export const companyDetailFields = companyFields.shape;
export const companyInput = companyFields.superRefine(checkCompanyNumbers);

export const companyOutput = z.object({
  name: z.string(),
  country: z.enum(COUNTRIES),
  registration_number: z.string(),
  tax_number: z.string().nullable(),
  billing_address: z.string().nullable(),
});

/** The user as the browser keeps it (docs/spec/storefront.md section 3). */
export const userOutput = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  displayName: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  lastUsedAddressId: z.string().nullable(),
  /** The buyer's company for tax invoices; null for a private buyer. */
  company: companyOutput.nullable(),
  /** The user's role in their company (decision 0188); null for a private buyer. */
  company_role: z.enum(['admin', 'buyer']).nullable(),
});
export type UserDto = z.infer<typeof userOutput>;

export const authOutput = z.object({ access_token: z.string(), token_type: z.literal('bearer'), user: userOutput });

export const updateProfileInput = z
  .object({
    displayName: name('Display name').optional(),
    phone: phoneSchema.optional().nullable(),
    first_name: name('First name').optional(),
    last_name: name('Last name').optional(),
    lastUsedAddressId: z.string().trim().min(1).max(64).nullable().optional(),
    /** The company for tax invoices; null removes it. */
    company: companyInput.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });

export const forgotPasswordInput = z.object({ email: emailSchema });

export const resetPasswordInput = z.object({
  token: z.string({ error: 'The reset link is incomplete' }).trim().min(1, 'The reset link is incomplete').max(200, 'This reset link is not valid'),
  password: newPasswordSchema,
});

export const changePasswordInput = z.object({
  current_password: z.string({ error: 'Please enter your current password' }).min(1, 'Please enter your current password').max(200, 'Password is too long'),
  new_password: newPasswordSchema,
});

/** The same answer whether or not the e-mail has an account. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that e-mail, we have sent a link to reset its password. The link works once, for 30 minutes.';

import { z } from 'zod';
import { COUNTRIES } from '../constants';
import { PAYMENT_TERMS_DAYS } from '../domain/companies';
import { idSchema } from './common.schema';
import { orderOutput } from './order.schema';
import { checkCompanyNumbers, companyDetailFields, emailSchema } from './user.schema';

// Companies (decision 0188): the owner's side (/admin/companies) and a company admin's (/company).

const COMPANY_ROLES = ['admin', 'buyer'] as const;
const companyRoleSchema = z.enum(COMPANY_ROLES, { error: 'The role is admin or buyer' });

const termsSchema = z.coerce
  .number({ error: 'Payment terms are 0, 7, 14, 30 or 60 days' })
  .int('Payment terms are 0, 7, 14, 30 or 60 days')
  .refine((d) => (PAYMENT_TERMS_DAYS as readonly number[]).includes(d), 'Payment terms are 0, 7, 14, 30 or 60 days');

/** Dollars (2 decimals); null for no limit. */
const creditLimitSchema = z
  .number({ error: 'The credit limit is an amount in dollars' })
  .finite()
  .min(0, 'The credit limit cannot be negative')
  .max(100_000_000, 'The credit limit is too large')
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'The credit limit has at most 2 decimals')
  .nullable();

/** The company's price list (decision 0193); null for the list price. */
const priceListIdSchema = idSchema.nullable();

/** Whether its buyers must give a purchase-order number when they pay on invoice (decision 0194). */
const poRequiredSchema = z.boolean({ error: 'po_number_required is true or false' });

/** A company as the owner creates it: the details as the profile form checks them, plus terms. */
export const createCompanyInput = z
  .object({
    ...companyDetailFields,
    payment_terms_days: termsSchema.optional().default(0),
    credit_limit: creditLimitSchema.optional().default(null),
    price_list_id: priceListIdSchema.optional().default(null),
    po_number_required: poRequiredSchema.optional().default(false),
  })
  .superRefine(checkCompanyNumbers);

/** The whole set of details (as the form sends them); terms and limit stay unless sent. */
export const updateCompanyInput = z
  .object({
    id: idSchema,
    ...companyDetailFields,
    payment_terms_days: termsSchema.optional(),
    credit_limit: creditLimitSchema.optional(),
    price_list_id: priceListIdSchema.optional(),
    po_number_required: poRequiredSchema.optional(),
  })
  .superRefine(checkCompanyNumbers);

export const companyListInput = z
  .object({
    /** Name or registration number, partial and case-insensitive. */
    search: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .optional();

export const companyMemberOutput = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(COMPANY_ROLES),
  joined_at: z.string(),
});

const companyInvitationOutput = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  expires_at: z.string(),
  invited_at: z.string(),
});

export const companyOutput = z.object({
  id: z.string(),
  name: z.string(),
  country: z.enum(COUNTRIES),
  registration_number: z.string(),
  tax_number: z.string().nullable(),
  billing_address: z.string().nullable(),
  payment_terms_days: z.number().int(),
  credit_limit: z.number().nullable(),
  price_list_id: z.string().nullable(),
  po_number_required: z.boolean(),
  member_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CompanyDto = z.infer<typeof companyOutput>;

/** A member's own company with what its account owes on invoice and may still order (decision 0194). */
export const ownCompanyOutput = companyOutput.extend({
  role: z.enum(COMPANY_ROLES),
  /** What the company's invoices still owe. */
  outstanding: z.number(),
  /** What may still be ordered on invoice: the credit limit less what is owed; null without a limit. */
  available_credit: z.number().nullable(),
});

export const companyDetailOutput = companyOutput.extend({
  members: z.array(companyMemberOutput),
  invitations: z.array(companyInvitationOutput),
});
export type CompanyDetailDto = z.infer<typeof companyDetailOutput>;

export const companyListOutput = z.object({ items: z.array(companyOutput), total: z.number().int(), page: z.number().int(), pages: z.number().int() });

export const addMemberInput = z.object({ email: emailSchema, role: companyRoleSchema });
export const addCompanyMemberInput = addMemberInput.extend({ id: idSchema });

/** What adding a member did: added an existing account at once, or e-mailed an invitation. */
export const addMemberOutput = z.object({
  status: z.enum(['added', 'invited']),
  member: companyMemberOutput.nullable(),
  invitation: companyInvitationOutput.nullable(),
});

export const companyMemberParam = z.object({ id: idSchema, userId: idSchema });
export const setMemberRoleInput = companyMemberParam.extend({ role: companyRoleSchema });
/** An invitation of a company, for the owner (`/admin/companies/{id}/invitations/{invitationId}`). */
export const companyInvitationParam = z.object({ id: idSchema, invitationId: idSchema });
/** An invitation of the caller's own company (`/company/invitations/{id}`). */
export const ownInvitationParam = z.object({ id: idSchema });
export const invitationsOutput = z.array(companyInvitationOutput);

/** An order placed for the company, as its admins list it: with who placed it. */
const placedBy = z.object({ user_id: z.string().nullable(), name: z.string(), email: z.string() });
const companyOrderOutput = z.object({
  id: z.string(),
  order_number: z.string(),
  status: z.string(),
  total: z.number(),
  created_at: z.string(),
  placed_by: placedBy,
});
/** One order placed for the company, as its admins read it: the buyer's own order answer and who placed it. */
export const companyOrderDetailOutput = orderOutput.extend({ placed_by: placedBy });
export const companyOrdersInput = z
  .object({ page: z.coerce.number().int().min(1).max(10_000).default(1), page_size: z.coerce.number().int().min(1).max(100).default(20) })
  .optional();
export const companyOrdersOutput = z.object({ items: z.array(companyOrderOutput), total: z.number().int(), page: z.number().int(), pages: z.number().int() });
export const memberUserParam = z.object({ userId: idSchema });
export const memberRoleInput = memberUserParam.extend({ role: companyRoleSchema });

export const invitationTokenInput = z.object({ token: z.string({ error: 'The invitation link is incomplete' }).trim().min(1, 'The invitation link is incomplete').max(200, 'This invitation link is not valid') });
export const invitationPreviewOutput = z.object({ company_name: z.string(), email: z.string(), role: z.enum(COMPANY_ROLES), expires_at: z.string() });
export const invitationAcceptedOutput = z.object({ company_id: z.string(), role: z.enum(COMPANY_ROLES) });

import { z } from 'zod';
import { idSchema } from './common.schema';

/**
 * What an integration may be allowed to do. Each back-office area has a read and a write scope;
 * user and role management, and the keys themselves, have none: no key can ever reach them.
 */
export const API_SCOPES = [
  'catalog:read',
  'catalog:write',
  'inventory:read',
  'inventory:write',
  'orders:read',
  'orders:write',
  'promotions:read',
  'promotions:write',
  'messages:read',
  'messages:write',
  'settings:read',
  'settings:write',
  'backups:read',
  'backups:write',
  'reports:read',
  'payments:read',
  'payments:write',
  'companies:read',
  'companies:write',
  'price_lists:read',
  'price_lists:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'catalog:read': 'Read products, variants and prices',
  'catalog:write': 'Create, change and delete products; upload images',
  'inventory:read': 'Read stock levels and the stock ledger',
  'inventory:write': 'Adjust stock',
  'orders:read': 'Read orders and the dashboard',
  'payments:read': 'Read payments, refunds, credit notes and bank statement lines',
  'payments:write': 'Refund orders, upload bank statements and apply their lines',
  'orders:write': 'Change order status',
  'promotions:read': 'Read coupons, gifts and promotion figures',
  'promotions:write': 'Change coupons and gifts',
  'messages:read': 'Read contact messages',
  'messages:write': 'Mark contact messages',
  'settings:read': 'Read shop settings and shipping rules',
  'settings:write': 'Change shop settings and shipping rules',
  'backups:read': 'List and download backups: every customer, order and password hash the shop holds',
  'backups:write': 'Take a backup now',
  'reports:read': 'Read the reports (sales, products, customers, promotions, stock cover, GST)',
  'companies:read': 'Read companies, their terms and members',
  'companies:write': 'Create and change companies, add and remove their members (invitations are e-mailed)',
  'price_lists:read': 'Read price lists and their contract prices',
  'price_lists:write': 'Create, change and delete price lists (and import them as CSV)',
};

export const createApiKeyInput = z.object({
  name: z.string({ error: 'Please name the key' }).trim().min(1, 'Please name the key').max(80, 'Key names can be at most 80 characters'),
  scopes: z
    .array(z.enum(API_SCOPES, { error: `Scopes must be among ${API_SCOPES.join(', ')}` }))
    .min(1, 'Choose at least one scope')
    .max(API_SCOPES.length)
    .transform((s) => [...new Set(s)]),
});

export const apiKeyRow = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  created_by: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

/** The answer to creating a key: the only time the secret is shown. */
export const createdApiKey = apiKeyRow.extend({ secret: z.string() });

export const apiKeyIdInput = z.object({ id: idSchema });

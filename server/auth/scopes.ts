import { BACK_OFFICE_OPERATIONS } from '../../shared/domain/permissions';
import { API_SCOPES, type ApiScope } from '../../shared/schemas/api-keys.schema';

// Which scope an API key needs for each back-office area: reads need `<area>:read`, changes
// `<area>:write`. An area missing here (users and roles, the API keys themselves, webhooks) is out of reach
// of every key, whatever scopes it holds. This file is the one place that says it, for procedures
// and plain routes alike: procedure gates, plain-route gates and the OpenAPI document all ask it.
const AREA_OF_ROUTER: Record<string, string> = {
  'admin.products': 'catalog',
  // The search's synonyms are part of how the catalogue is found (decision 0173).
  'admin.search': 'catalog',
  'admin.inventory': 'inventory',
  'admin.orders': 'orders',
  'admin.dashboard': 'orders',
  // Quotes are orders not yet placed: the same buyers, lines and prices (docs/decisions/0143).
  'admin.quotes': 'orders',
  'admin.coupons': 'promotions',
  'admin.gifts': 'promotions',
  'admin.promotions': 'promotions',
  'admin.contact': 'messages',
  'admin.settings': 'settings',
  'admin.shipping': 'settings',
  'admin.backups': 'backups',
  // Reports only read; changing the report settings has no scope (reports:write does not exist).
  'admin.reports': 'reports',
  // Money: refunds, credit notes, bank statements (server/services/payments/, decision 0165).
  'admin.payments': 'payments',
  // Business customers: their details, terms and members (decision 0188).
  'admin.companies': 'companies',
  // Contract prices the owner gives companies (decision 0193).
  'admin.priceLists': 'price_lists',
};

/**
 * The back-office plain routes (files in and out, server/rest/plain-routes.ts) by `METHOD /path` as in
 * the OpenAPI document, and the area each belongs to. A plain route sharing its `METHOD /path` with
 * a procedure (the reports' CSV) takes that procedure's scope and needs no row here.
 */
const AREA_OF_PLAIN_ROUTE: Record<string, string> = {
  'POST /admin/upload/images': 'catalog',
  'POST /admin/import/products': 'catalog',
  'GET /admin/export/products': 'catalog',
  'POST /admin/import/stock': 'inventory',
  'GET /admin/export/stock-ledger': 'inventory',
  'GET /admin/export/orders': 'orders',
  'GET /admin/orders/packing-slips.pdf': 'orders',
  'GET /admin/orders/{id}/invoice.pdf': 'orders',
  'GET /admin/quotes/{id}/quote.pdf': 'orders',
  // A credit note is money given back, as the refund it documents.
  'GET /admin/orders/{id}/credit-notes/{number}.pdf': 'payments',
  'POST /admin/payments/bank-statements': 'payments',
  'GET /admin/backups/{id}/download': 'backups',
  // A company's statement is read with its other details (decision 0199).
  'GET /admin/companies/{id}/statement.pdf': 'companies',
  'GET /admin/companies/{id}/statement.csv': 'companies',
  'GET /admin/price-lists/{id}/export': 'price_lists',
  'POST /admin/price-lists/{id}/import': 'price_lists',
};

/** `<area>:read` or `<area>:write`; null where the area has no such scope (reports:write does not exist). */
function scopeOf(area: string | undefined, reads: boolean): ApiScope | null {
  if (!area) return null;
  const scope = `${area}:${reads ? 'read' : 'write'}`;
  return (API_SCOPES as readonly string[]).includes(scope) ? (scope as ApiScope) : null;
}

/** The scope a key needs to call a procedure, or null when no key may call it. */
export function scopeForProcedure(path: string, type: string): ApiScope | null {
  return scopeOf(AREA_OF_ROUTER[path.split('.').slice(0, 2).join('.')], type === 'query');
}

/**
 * The scope a key needs to call a back-office plain route (`METHOD /path`), or null when no key may
 * call it. Throws for a route this file does not place, so such a route stops the server from
 * starting (plain routes are mounted at start) instead of being open or closed by accident.
 */
export function scopeForPlainRoute(route: string): ApiScope | null {
  const reads = route.startsWith('GET ');
  if (route in AREA_OF_PLAIN_ROUTE) return scopeOf(AREA_OF_PLAIN_ROUTE[route], reads);
  const procedure = BACK_OFFICE_OPERATIONS.find((op) => op.rest === route)?.procedure;
  if (procedure) return scopeForProcedure(procedure, reads ? 'query' : 'mutation');
  throw new Error(`No API key scope for the plain route ${route}: add it to AREA_OF_PLAIN_ROUTE in server/auth/scopes.ts`);
}

/** The plain routes scopes.ts places itself (the others take their procedure's scope), for the test that holds them to the routes. */
export const PLAIN_ROUTES_WITH_AREA: readonly string[] = Object.keys(AREA_OF_PLAIN_ROUTE);

import { API_SCOPES, type ApiScope } from '../../shared/schemas/api-keys.schema';

// Which scope an API key needs for each back-office area: reads need `<area>:read`, changes
// `<area>:write`. An area missing here (users and roles, the API keys themselves, webhooks) is out of reach
// of every key, whatever scopes it holds.
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
};

/** The scope a key needs to call a procedure, or null when no key may call it. */
export function scopeForProcedure(path: string, type: string): ApiScope | null {
  const router = path.split('.').slice(0, 2).join('.');
  const area = AREA_OF_ROUTER[router];
  if (!area) return null;
  const scope = `${area}:${type === 'query' ? 'read' : 'write'}`;
  // An area may have only a read scope (reports): its changes are out of reach of every key.
  return (API_SCOPES as readonly string[]).includes(scope) ? (scope as ApiScope) : null;
}

/** The image upload route is not a procedure; it belongs to the catalogue. */
export const UPLOAD_SCOPE: ApiScope = 'catalog:write';

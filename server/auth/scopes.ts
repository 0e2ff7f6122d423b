import type { ApiScope } from '../../shared/schemas/admin/api-keys.schema';

// Which scope an API key needs for each back-office area: reads need `<area>:read`, changes
// `<area>:write`. An area missing here (users and roles, the API keys themselves, webhooks) is out of reach
// of every key, whatever scopes it holds.
const AREA_OF_ROUTER: Record<string, string> = {
  'admin.products': 'catalog',
  'admin.inventory': 'inventory',
  'admin.orders': 'orders',
  'admin.dashboard': 'orders',
  'admin.coupons': 'promotions',
  'admin.gifts': 'promotions',
  'admin.promotions': 'promotions',
  'admin.contact': 'messages',
  'admin.settings': 'settings',
  'admin.shipping': 'settings',
  'admin.backups': 'backups',
};

/** The scope a key needs to call a procedure, or null when no key may call it. */
export function scopeForProcedure(path: string, type: string): ApiScope | null {
  const router = path.split('.').slice(0, 2).join('.');
  const area = AREA_OF_ROUTER[router];
  if (!area) return null;
  return `${area}:${type === 'query' ? 'read' : 'write'}` as ApiScope;
}

/** The image upload route is not a procedure; it belongs to the catalogue. */
export const UPLOAD_SCOPE: ApiScope = 'catalog:write';

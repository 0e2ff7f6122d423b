import { router } from '../../trpc/init';
import { apiKeysAdminRouter } from '../integrations/api-keys.router';
import { backupsAdminRouter } from './backups.router';
import { contactAdminRouter } from './contact.router';
import { couponsRouter } from './coupons.router';
import { dashboardRouter } from './dashboard.router';
import { giftsRouter } from './gifts.router';
import { inventoryRouter } from './inventory.router';
import { ordersRouter } from './orders.router';
import { outboxAdminRouter } from './outbox.router';
import { paymentSettingsRouter } from './payment-settings.router';
import { adminPaymentsRouter } from '../payments/admin-payments.router';
import { productsRouter } from './products.router';
import { promotionsRouter } from './promotions.router';
import { quotesAdminRouter } from './quotes.router';
import { reportsRouter } from './reports.router';
import { searchAdminRouter } from '../search/synonyms.router';
import { settingsRouter } from './settings.router';
import { setupAdminRouter } from './setup.router';
import { shippingAdminRouter } from './shipping.router';
import { shopProfileRouter } from './shop-profile.router';
import { systemAdminRouter } from './system.router';
import { usersAdminRouter } from './users.router';
import { webhooksAdminRouter } from '../integrations/webhooks.router';

/** The back office. Who may call what is decided in shared/domain/permissions.ts and written out in docs/security.md. */
export const adminRouter = router({
  inventory: inventoryRouter,
  products: productsRouter,
  settings: settingsRouter,
  coupons: couponsRouter,
  gifts: giftsRouter,
  promotions: promotionsRouter,
  orders: ordersRouter,
  quotes: quotesAdminRouter,
  users: usersAdminRouter,
  contact: contactAdminRouter,
  emails: outboxAdminRouter,
  shopProfile: shopProfileRouter,
  dashboard: dashboardRouter,
  setup: setupAdminRouter,
  shipping: shippingAdminRouter,
  apiKeys: apiKeysAdminRouter,
  paymentSettings: paymentSettingsRouter,
  payments: adminPaymentsRouter,
  webhooks: webhooksAdminRouter,
  backups: backupsAdminRouter,
  reports: reportsRouter,
  search: searchAdminRouter,
  system: systemAdminRouter,
});

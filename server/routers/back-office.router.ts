import { router } from '../trpc/init';
import { apiKeysAdminRouter } from './integrations/api-keys.router';
import { backupsAdminRouter } from './backups/backups.router';
import { contactAdminRouter } from './support/contact-admin.router';
import { companiesAdminRouter } from './companies/companies-admin.router';
import { couponsRouter } from './promotions/coupons.router';
import { dashboardRouter } from './reports/dashboard.router';
import { giftsRouter } from './promotions/gifts.router';
import { inventoryRouter } from './inventory/inventory.router';
import { ordersRouter } from './orders/orders-admin.router';
import { outboxAdminRouter } from './emails/outbox.router';
import { paymentSettingsRouter } from './settings/payment-settings.router';
import { adminPaymentsRouter } from './payments/payments-admin.router';
import { priceListsAdminRouter } from './price-lists/price-lists-admin.router';
import { productsRouter } from './catalogue/products.router';
import { promotionsRouter } from './promotions/promotions-admin.router';
import { quotesAdminRouter } from './quotes/quotes-admin.router';
import { reportsRouter } from './reports/reports.router';
import { searchAdminRouter } from './search/synonyms.router';
import { settingsRouter } from './settings/settings.router';
import { setupAdminRouter } from './settings/setup.router';
import { shippingAdminRouter } from './settings/shipping-rules.router';
import { shopProfileRouter } from './settings/shop-profile.router';
import { systemAdminRouter } from './system/system.router';
import { usersAdminRouter } from './accounts/users-admin.router';
import { webhooksAdminRouter } from './integrations/webhooks.router';

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
  companies: companiesAdminRouter,
  priceLists: priceListsAdminRouter,
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

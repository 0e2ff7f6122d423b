// Who may call each back-office operation: the one decision for people (staff or admin), enforced
// by the server, followed by the back office (it hides what a role may not use), written out in
// docs/security.md (scripts/roles-table.ts) and walked over REST for every role by
// tests/api/accounts/authz.test.ts. Customers reach none of them. The owner (admin) keeps what reads
// customers' mail, changes who may do what (users, roles, API keys, webhooks), moves money (payment
// settings, shipping rules), names the business (shop profile) or takes personal data out in bulk
// (exports, feeds). A staff row that shows personal data or does something sensitive says why.
// API keys are decided separately, by scope (server/auth/scopes.ts).

export type BackOfficeRole = 'staff' | 'admin';

export interface BackOfficeOperation {
  area: string;
  /** `METHOD /path` as in the OpenAPI document. */
  rest: string;
  /** The tRPC procedure behind it; null for the plain routes (files in and out). */
  procedure: string | null;
  /** The procedure, or what a plain route does. */
  operation: string;
  role: BackOfficeRole;
  /** Why: always where staff may see personal data or do something sensitive, and where admin only is not obvious. */
  reason?: string;
}

const PACKING = 'Staff pack and ship: they need the buyer, the delivery address and the lines, and find an order by the e-mail a customer writes from.';
const ORDER_RECORD = 'Part of the order staff pack and ship: who moved it and when.';
const LEDGER = 'One variant at a time; order movements show the buyer e-mail, which staff already see on the order.';
const ENQUIRIES = 'Staff answer customer enquiries: the message is what the customer wrote to the shop, to be answered.';
const QUOTES = 'Staff answer price requests: they need the buyer, the company and the lines asked for.';
const COMPANIES = 'Staff serve business buyers: they need to know which company a buyer orders for.';
const TERMS = 'Payment terms and a credit limit are credit the shop gives: the owner decides (decision 0188).';
const MEMBERS = "A member sees every order of the company (an admin) or buys on its terms: the owner decides who may.";
const STATEMENT = "Staff answer a company's questions about what it owes and chase late payers: invoices, payments and balances, no personal data (decision 0199).";
const PRICE_LISTS = 'Staff serve business buyers and answer their price questions: they read the contract prices.';
const CONTRACT = 'A price list is the price the shop gives a company: the owner decides (decision 0193).';
const PROMOTIONS = 'Running coupons and gift campaigns is day-to-day shop work (back-office specification, section 1).';

const BANK = 'Matching transfers to orders is day-to-day bookkeeping: staff see the payer and reference the bank printed, only money in.';

const BACKUPS = 'A backup is the whole shop: every customer, order, address and password hash.';
const SYNONYMS = 'Keeping the words buyers search by is catalogue work, like naming products (decision 0173).';
const REPORTS = 'Staff and the owner both read how the shop is doing; the figures are totals, computed by the database.';

const BULK = 'Personal data in bulk: the owner decides where it goes (an integration reaches it with an API key and the scope).';

/** A plain route (not a procedure), named by what it does. */
const route = (label: string) => ({ label });
type Row = [rest: string, procedure: string | { label: string }, role: BackOfficeRole, reason?: string];
const area = (name: string, rows: Row[]): BackOfficeOperation[] =>
  rows.map(([rest, p, role, reason]) => ({
    area: name,
    rest,
    procedure: typeof p === 'string' ? p : null,
    operation: typeof p === 'string' ? p : p.label,
    role,
    ...(reason ? { reason } : {}),
  }));

export const BACK_OFFICE_OPERATIONS: readonly BackOfficeOperation[] = [
  ...area('Dashboard', [
    ['GET /admin/dashboard', 'admin.dashboard.stats', 'staff'],
    ['GET /admin/setup-checklist', 'admin.setup.checklist', 'admin', 'Every step is an admin setting or the server configuration, done by the owner.'],
  ]),
  ...area('Inventory', [
    ['GET /admin/inventory', 'admin.inventory.list', 'staff'],
    ['GET /admin/inventory/page', 'admin.inventory.page', 'staff'],
    ['GET /admin/inventory/facets', 'admin.inventory.facets', 'staff'],
    ['POST /admin/inventory/adjust', 'admin.inventory.adjust', 'staff'],
    ['GET /admin/inventory/{variant_id}/ledger', 'admin.inventory.ledger', 'staff', LEDGER],
    ['POST /admin/import/stock', route('CSV import of stock counts'), 'staff'],
    ['GET /admin/export/stock-ledger', route('CSV export of the stock ledger'), 'admin', `Order movements name the buyer by e-mail. ${BULK}`],
  ]),
  ...area('Products', [
    ['GET /admin/products', 'admin.products.list', 'staff'],
    ['GET /admin/products/feed', 'admin.products.feed', 'staff'],
    ['GET /admin/products/{id}', 'admin.products.get', 'staff'],
    ['POST /admin/products/sku-owners', 'admin.products.skuOwners', 'staff'],
    ['POST /admin/products', 'admin.products.create', 'staff'],
    ['PUT /admin/products/{id}', 'admin.products.update', 'staff'],
    ['DELETE /admin/products/{id}', 'admin.products.delete', 'staff'],
    ['POST /admin/upload/images', route('Upload of product images'), 'staff'],
    ['POST /admin/import/products', route('CSV import of products'), 'staff'],
    ['GET /admin/export/products', route('CSV export of products'), 'staff'],
    ['GET /admin/settings', 'admin.settings.get', 'staff'],
    ['PUT /admin/settings', 'admin.settings.update', 'staff'],
  ]),
  ...area('Search', [
    ['GET /admin/search/synonyms', 'admin.search.synonyms', 'staff'],
    ['POST /admin/search/synonyms', 'admin.search.createSynonym', 'staff', SYNONYMS],
    ['PUT /admin/search/synonyms/{id}', 'admin.search.updateSynonym', 'staff', SYNONYMS],
    ['DELETE /admin/search/synonyms/{id}', 'admin.search.deleteSynonym', 'staff', SYNONYMS],
  ]),
  ...area('Promotions', [
    ['GET /admin/promotions/stats', 'admin.promotions.stats', 'staff'],
    ['GET /admin/coupons', 'admin.coupons.list', 'staff'],
    ['POST /admin/coupons', 'admin.coupons.create', 'staff', PROMOTIONS],
    ['PUT /admin/coupons/{id}', 'admin.coupons.update', 'staff', PROMOTIONS],
    ['DELETE /admin/coupons/{id}', 'admin.coupons.delete', 'staff'],
    ['GET /admin/gift-items', 'admin.gifts.listItems', 'staff'],
    ['POST /admin/gift-items', 'admin.gifts.createItem', 'staff'],
    ['PUT /admin/gift-items/{id}', 'admin.gifts.updateItem', 'staff'],
    ['DELETE /admin/gift-items/{id}', 'admin.gifts.deleteItem', 'staff'],
    ['GET /admin/gift-tiers', 'admin.gifts.listTiers', 'staff'],
    ['POST /admin/gift-tiers', 'admin.gifts.createTier', 'staff', PROMOTIONS],
    ['PUT /admin/gift-tiers/{id}', 'admin.gifts.updateTier', 'staff', PROMOTIONS],
    ['DELETE /admin/gift-tiers/{id}', 'admin.gifts.deleteTier', 'staff'],
  ]),
  ...area('Orders', [
    ['GET /admin/orders', 'admin.orders.list', 'staff', PACKING],
    ['GET /admin/orders/{id}', 'admin.orders.get', 'staff', PACKING],
    ['GET /admin/orders/{id}/history', 'admin.orders.history', 'staff', ORDER_RECORD],
    ['POST /admin/orders/{id}/status', 'admin.orders.updateStatus', 'staff', 'Staff move orders along: paid when the transfer is in, packed, shipped with its tracking number, or cancelled.'],
    ['GET /admin/orders/packing-slips.pdf', route('Packing slips (PDF)'), 'staff', 'The slip that goes in the parcel, with the delivery address.'],
    ['GET /admin/orders/{id}/invoice.pdf', route('Tax invoice of an order (PDF)'), 'staff', 'Staff reprint the tax invoice a customer asks for, one order at a time.'],
    ['GET /admin/orders/feed', 'admin.orders.feed', 'admin', `Every order with buyer and address. ${BULK}`],
    ['GET /admin/export/orders', route('CSV export of orders'), 'admin', `Buyer, e-mail and country of every order. ${BULK}`],
  ]),
  ...area('Payments', [
    ['GET /admin/orders/{id}/payments', 'admin.payments.list', 'staff', 'Staff check whether an order is paid before packing it: provider, amount, reference.'],
    ['POST /admin/orders/{id}/payments', 'admin.payments.record', 'staff', 'Staff record money received against an invoice, as they mark a transfer paid; never more than it owes.'],
    ['GET /admin/orders/{id}/refunds', 'admin.payments.refunds', 'staff', 'Staff answer "where is my refund?": what was given back and when.'],
    ['POST /admin/orders/{id}/refunds', 'admin.payments.refund', 'admin', 'A refund sends money out of the business: the owner decides.'],
    ['GET /admin/credit-notes', 'admin.payments.creditNotes', 'staff', `${REPORTS} Credit notes list order numbers and amounts, no personal data.`],
    ['GET /admin/orders/{id}/credit-notes/{number}.pdf', route('Credit note of an order (PDF)'), 'staff', 'Staff reprint a credit note a customer asks for, like the tax invoice.'],
    ['POST /admin/payments/bank-statements', route('Upload of a bank statement (CSV)'), 'staff', BANK],
    ['GET /admin/payments/bank-lines', 'admin.payments.bankLines', 'staff', BANK],
    ['POST /admin/payments/bank-lines/{id}/apply', 'admin.payments.applyBankLine', 'staff', BANK],
    ['POST /admin/payments/bank-lines/{id}/dismiss', 'admin.payments.dismissBankLine', 'staff', BANK],
  ]),
  ...area('Quotes', [
    ['GET /admin/quotes', 'admin.quotes.list', 'staff', QUOTES],
    ['POST /admin/quotes', 'admin.quotes.create', 'staff', 'Staff take a price request by phone or e-mail and start the quote for the customer.'],
    ['GET /admin/quotes/{id}', 'admin.quotes.get', 'staff', `${QUOTES} The buyer's recent orders and quotes are what a price is decided from.`],
    ['PUT /admin/quotes/{id}', 'admin.quotes.send', 'staff', 'Pricing a quote is day-to-day sales work; the buyer still decides whether to order.'],
    ['GET /admin/quotes/{id}/quote.pdf', route('Quote of a customer (PDF)'), 'staff', QUOTES],
  ]),
  ...area('Companies', [
    ['GET /admin/companies', 'admin.companies.list', 'staff', COMPANIES],
    ['GET /admin/companies/{id}', 'admin.companies.get', 'staff', `${COMPANIES} Its members are the people who may buy for it.`],
    ['POST /admin/companies', 'admin.companies.create', 'admin', TERMS],
    ['PATCH /admin/companies/{id}', 'admin.companies.update', 'admin', TERMS],
    ['POST /admin/companies/{id}/members', 'admin.companies.addMember', 'admin', MEMBERS],
    ['PATCH /admin/companies/{id}/members/{userId}', 'admin.companies.setMemberRole', 'admin', MEMBERS],
    ['DELETE /admin/companies/{id}/members/{userId}', 'admin.companies.removeMember', 'admin', MEMBERS],
    ['GET /admin/companies/{id}/invitations', 'admin.companies.invitations', 'staff', `${COMPANIES} An open invitation is a member to come.`],
    ['DELETE /admin/companies/{id}/invitations/{invitationId}', 'admin.companies.withdrawInvitation', 'admin', MEMBERS],
    ['GET /admin/companies/{id}/statement', 'admin.companies.statement', 'staff', STATEMENT],
    ['GET /admin/companies/{id}/statement.pdf', route("A company's statement of account (PDF)"), 'staff', STATEMENT],
    ['GET /admin/companies/{id}/statement.csv', route("A company's statement of account (CSV)"), 'staff', STATEMENT],
  ]),
  ...area('Price lists', [
    ['GET /admin/price-lists', 'admin.priceLists.list', 'staff', PRICE_LISTS],
    ['GET /admin/price-lists/{id}', 'admin.priceLists.get', 'staff', PRICE_LISTS],
    ['POST /admin/price-lists', 'admin.priceLists.create', 'admin', CONTRACT],
    ['PATCH /admin/price-lists/{id}', 'admin.priceLists.update', 'admin', CONTRACT],
    ['DELETE /admin/price-lists/{id}', 'admin.priceLists.delete', 'admin', CONTRACT],
    ['GET /admin/price-lists/{id}/export', route("CSV export of a price list's listed prices"), 'staff', PRICE_LISTS],
    ['POST /admin/price-lists/{id}/import', route("CSV import of a price list's listed prices"), 'admin', CONTRACT],
  ]),
  ...area('Messages', [
    ['GET /admin/contact-messages', 'admin.contact.list', 'staff', ENQUIRIES],
    ['PUT /admin/contact-messages/{id}', 'admin.contact.mark', 'staff', ENQUIRIES],
    ['GET /admin/emails', 'admin.emails.list', 'admin', "Customers' mail, account mail included."],
    ['GET /admin/emails/{id}', 'admin.emails.get', 'admin'],
    ['POST /admin/emails/{id}/resend', 'admin.emails.resend', 'admin'],
  ]),
  ...area('Users', [
    ['GET /admin/users', 'admin.users.list', 'admin'],
    ['PUT /admin/users/{id}/role', 'admin.users.setRole', 'admin'],
  ]),
  ...area('Shop', [
    ['GET /admin/shop-profile', 'admin.shopProfile.get', 'admin'],
    ['PUT /admin/shop-profile', 'admin.shopProfile.update', 'admin'],
    ['GET /admin/shipping', 'admin.shipping.get', 'admin'],
    ['PUT /admin/shipping', 'admin.shipping.update', 'admin'],
    ['GET /admin/payment-settings', 'admin.paymentSettings.get', 'admin'],
    ['PUT /admin/payment-settings', 'admin.paymentSettings.update', 'admin'],
  ]),
  ...area('Reports', [
    ['GET /admin/reports/sales', 'admin.reports.sales', 'staff', REPORTS],
    ['GET /admin/reports/products', 'admin.reports.products', 'staff', REPORTS],
    ['GET /admin/reports/customers', 'admin.reports.customers', 'staff', `${REPORTS} Top customers show the buyer's name and e-mail, which staff already see on each order.`],
    ['GET /admin/reports/promotions', 'admin.reports.promotions', 'staff', REPORTS],
    ['GET /admin/reports/stock-cover', 'admin.reports.stockCover', 'staff', REPORTS],
    ['GET /admin/reports/gst', 'admin.reports.gst', 'staff', `${REPORTS} The orders behind the GST figures carry no personal data (number, date, country, amounts).`],
    ['GET /admin/reports/receivables', 'admin.reports.receivables', 'staff', `${REPORTS} Per company what it owes and how late, as its statement shows (decision 0199).`],
    ['GET /admin/reports/search', 'admin.reports.search', 'staff', `${REPORTS} Search text is counted folded, without who searched, and never when it looks like an e-mail address or a long number.`],
    ['GET /admin/reports/settings', 'admin.reports.settings', 'staff'],
    ['PUT /admin/reports/settings', 'admin.reports.updateSettings', 'admin', 'The time zone and the reorder rules decide the figures the owner runs the business and files GST by.'],
  ]),
  ...area('Integrations', [
    ['GET /admin/api-keys', 'admin.apiKeys.list', 'admin'],
    ['POST /admin/api-keys', 'admin.apiKeys.create', 'admin'],
    ['DELETE /admin/api-keys/{id}', 'admin.apiKeys.revoke', 'admin'],
    ['GET /admin/webhooks', 'admin.webhooks.list', 'admin'],
    ['POST /admin/webhooks', 'admin.webhooks.create', 'admin'],
    ['GET /admin/webhooks/{id}', 'admin.webhooks.get', 'admin'],
    ['PATCH /admin/webhooks/{id}', 'admin.webhooks.update', 'admin'],
    ['DELETE /admin/webhooks/{id}', 'admin.webhooks.delete', 'admin'],
    ['GET /admin/webhooks/{id}/secret', 'admin.webhooks.secret', 'admin'],
    ['POST /admin/webhooks/{id}/rotate-secret', 'admin.webhooks.rotateSecret', 'admin'],
    ['POST /admin/webhooks/{id}/test', 'admin.webhooks.sendTest', 'admin'],
    ['GET /admin/webhooks/{id}/deliveries', 'admin.webhooks.deliveries', 'admin'],
    ['GET /admin/webhook-deliveries/{id}', 'admin.webhooks.delivery', 'admin'],
    ['POST /admin/webhook-deliveries/{id}/redeliver', 'admin.webhooks.redeliver', 'admin'],
  ]),
  ...area('System', [['GET /admin/system/disk', 'admin.system.disk', 'staff', 'Whoever is running the shop should know when its disk is filling up; the figures name no path.']]),
  ...area('Backups', [
    ['GET /admin/backups', 'admin.backups.list', 'admin', BACKUPS],
    ['POST /admin/backups', 'admin.backups.create', 'admin', BACKUPS],
    ['GET /admin/backups/{id}/download', route('Download of a backup file'), 'admin', BACKUPS],
  ]),
];

const byRest = new Map(BACK_OFFICE_OPERATIONS.map((op) => [op.rest, op]));

/**
 * The role a plain route needs (`GET /admin/export/orders`). Routes ask when they are built, so a
 * route without a decision stops the server from starting instead of guessing.
 */
export function roleForRoute(rest: string): BackOfficeRole {
  const op = byRest.get(rest);
  if (!op) throw new Error(`${rest} has no row in shared/domain/permissions.ts: decide who may call it`);
  return op.role;
}

/** Whether a person with this role may call the operation; the back office shows only what they may use. */
export function mayCall(role: string | null | undefined, rest: string): boolean {
  const op = byRest.get(rest);
  if (!op) return false;
  return role === 'admin' || (role === 'staff' && op.role === 'staff');
}

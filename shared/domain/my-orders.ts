// Paging of a buyer's order history (decision 0172), without zod, so My Orders' page reads the
// page size without pulling the schemas into the storefront's first load.

/** Without limit, the REST answer is the newest 200, as GET /api/orders always answered. */
export const MY_ORDERS_DEFAULT_LIMIT = 200;
export const MY_ORDERS_MAX_LIMIT = 200;
/** What My Orders asks for per page. */
export const MY_ORDERS_PAGE_SIZE = 20;

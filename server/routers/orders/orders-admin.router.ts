import { adminOrderDetail, adminOrderList, orderListInput, updateOrderStatusInput } from '../../../shared/schemas/orders-admin.schema';
import { idParam } from '../../../shared/schemas/common.schema';
import { feedInput, orderFeed } from '../../../shared/schemas/feed.schema';
import { orderHistory } from '../../../shared/schemas/order-history.schema';
import * as orders from '../../services/orders/orders-admin.service';
import { orderFeed as listOrderFeed } from '../../services/integrations/feeds.service';
import { historyForStaff } from '../../services/orders/order-history';
import { router } from '../../trpc/init';
import { adminProcedure, staffProcedure } from '../../trpc/procedures';

const tags = ['admin: orders'];

export const ordersRouter = router({
  list: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/orders', tags, summary: 'Orders, newest first; filter by status, search by order number or email', protect: true } })
    .input(orderListInput)
    .output(adminOrderList)
    .query(({ ctx, input }) => orders.listOrders(ctx.db, { page: 1, page_size: 20, ...input })),

  // Before `get`: the REST door matches paths in this order, and /feed would fit /{id}.
  // Every order's buyer and address in bulk is an export: the owner's, and integrations' (by scope).
  feed: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/orders/feed',
        tags,
        summary: 'Orders by cursor, oldest change first (updated_at, id), optionally only those changed since a moment; for integrators',
        protect: true,
      },
    })
    .input(feedInput)
    .output(orderFeed)
    .query(({ ctx, input }) => listOrderFeed(ctx.db, input)),

  get: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/orders/{id}', tags, summary: 'One order with lines, gifts and the allowed next statuses', protect: true } })
    .input(idParam)
    .output(adminOrderDetail)
    .query(({ ctx, input }) => orders.getOrder(ctx.db, input.id)),

  updateStatus: staffProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/orders/{id}/status', tags, summary: 'Move an order to its next status (shipping needs a tracking number)', protect: true } })
    .input(updateOrderStatusInput)
    .output(adminOrderDetail)
    .mutation(({ ctx, input }) => orders.changeStatus(ctx.db, { userId: ctx.user.id, role: ctx.user.role }, input, ctx.mail)),

  history: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/orders/{id}/history', tags, summary: 'Every status change of an order: from, to, who, when, note, tracking', protect: true } })
    .input(idParam)
    .output(orderHistory)
    .query(({ ctx, input }) => historyForStaff(ctx.db, input.id)),
});

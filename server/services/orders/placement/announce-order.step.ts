// Step 6: what the placed order announces besides the shopper's confirmation (step 4): the low-stock
// e-mail to staff when step 5 took a variant across the threshold, and the order.placed webhook.
// Both are outbox rows in the order's transaction, so they exist exactly when the order does.
import type { SqlClient } from '../../../db/sql-client';
import type { Mailer } from '../../../mail/mail.service';
import type { LowStockLine } from '../../../mail/templates/low-stock';
import { announce } from '../../../outbox/business-events';
import type { OrderRow } from '../order.mapper';

export async function announceOrderStep(tx: SqlClient, m: Mailer, order: OrderRow, email: string, lowStock: LowStockLine[]) {
  await announce('orderStockAllocated', tx, m, { order, email, lowStock });
}

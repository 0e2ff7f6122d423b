import type { OrderStatus, Prisma } from '@prisma/client';
import { PACKING_LOW_STOCK } from '../../shared/constants';
import { toDollars } from '../../shared/domain/money';
import { availableStock, type StockFigures } from '../../shared/domain/stock';
import { adminProductSelect, toAdminProduct } from '../services/catalogue/product.mapper';
import { orderSelect, toOrderDto, type OrderRow } from '../services/orders/order.mapper';
import { quoteSelect, toQuoteDto } from '../services/quotes/quote.mapper';
import type { SqlClient } from '../db/sql-client';
import { emitWebhook, emitWebhooks } from './emit';
import { subscribedEventTypes } from './subscriptions';
import { productsWithSkus, variantsForStockEvents } from './webhooks.sql';

// One call per place that changes something integrators follow; each is a no-op (no query) when no
// active endpoint subscribes. Payloads reuse the REST API's shapes: an order as GET /orders/{id}
// answers (plus the shopper's e-mail), a product as GET /admin/products/{id} answers.

type Tx = Prisma.TransactionClient;

const orderData = (o: OrderRow, email: string) => ({ ...toOrderDto(o), email });

/** order.created, and inventory.low_stock for each variant the order took down to the threshold. */
export async function webhookOrderPlaced(tx: SqlClient, order: OrderRow, email: string, lowStock: { sku: string; name: string; available: number }[]) {
  await emitWebhook(tx, 'order.created', `order:${order.id}`, () => ({ order: orderData(order, email) }));
  for (const line of lowStock) {
    const item = order.items.find((i) => i.sku === line.sku);
    if (!item?.variantId) continue;
    await emitWebhook(tx, 'inventory.low_stock', `variant:${item.variantId}`, () => ({
      variant_id: item.variantId,
      product_id: item.productId,
      sku: line.sku,
      product_name: line.name,
      available: line.available,
      threshold: PACKING_LOW_STOCK,
      order_id: order.id,
    }));
  }
}

/** order.status_changed for every move, and order.cancelled too when it is a cancellation. */
export async function webhookOrderStatusChanged(tx: Tx, orderId: string, from: OrderStatus, to: OrderStatus, by: { role: string; note?: string | null }) {
  let read: Promise<unknown> | undefined;
  const data = () =>
    (read ??= tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { ...orderSelect, email: true } }).then((o) => ({
      order: orderData(o, o.email),
      previous_status: from,
      changed_by: by.role,
      note: by.note || null,
    })));
  await emitWebhook(tx, 'order.status_changed', `order:${orderId}`, data);
  if (to === 'cancelled') await emitWebhook(tx, 'order.cancelled', `order:${orderId}`, data);
  // order.paid carries the payment that paid it (null when staff marked it paid by hand).
  if (to === 'paid')
    await emitWebhook(tx, 'order.paid', `order:${orderId}`, async () => {
      const payment = await tx.payment.findFirst({ where: { orderId }, orderBy: { paidAt: 'desc' } });
      return { ...((await data()) as object), payment: payment ? paymentData(payment) : null };
    });
}

/** A payment as REST answers it (GET /admin/orders/{id}/payments) and order.paid carries it. */
export const paymentData = (p: { id: string; provider: string; method: string; amountCents: number; currency: string; providerRef: string; reference: string | null; paidAt: Date }) => ({
  id: p.id,
  provider: p.provider,
  method: p.method,
  amount: toDollars(p.amountCents),
  currency: p.currency,
  provider_ref: p.providerRef,
  reference: p.reference,
  paid_at: p.paidAt.toISOString(),
});

type StockField = 'onHand' | 'allocated' | 'safetyStock';
const WIRE_FIELD = { onHand: 'on_hand', allocated: 'allocated', safetyStock: 'safety_stock' } as const;

type StockChange = { field: StockField; before: number; after: number; reason: string; notes?: string | null };
type StockVariant = StockFigures & { id: string; sku: string; productId: string; productName: string };

// The two inventory payloads, shared by a staff adjustment (one variant) and a stock count (many),
// so both write the same bodies. `v` is the variant after the change.
const adjustedData = (v: StockVariant, change: StockChange) => ({
  variant_id: v.id,
  product_id: v.productId,
  sku: v.sku,
  field: WIRE_FIELD[change.field],
  before: change.before,
  after: change.after,
  reason: change.reason,
  notes: change.notes ?? null,
  on_hand: v.onHand,
  allocated: v.allocated,
  safety_stock: v.safetyStock,
  available: availableStock(v),
});

/** inventory.low_stock's data when the change took what can be sold from above the threshold to at or below it. */
function lowStockData(v: StockVariant, change: StockChange) {
  const available = availableStock(v);
  const availableBefore = availableStock({ ...v, [change.field]: change.before });
  if (!(available <= PACKING_LOW_STOCK && availableBefore > PACKING_LOW_STOCK)) return null;
  return { variant_id: v.id, product_id: v.productId, sku: v.sku, product_name: v.productName, available, threshold: PACKING_LOW_STOCK, order_id: null };
}

/**
 * inventory.adjusted for a staff adjustment, and inventory.low_stock when it takes what can be sold
 * from above the threshold to at or below it. Call after the variant row was updated.
 */
export async function webhookStockAdjusted(tx: Tx, change: StockChange & { variantId: string }) {
  const types = await subscribedEventTypes(tx);
  if (!types.has('inventory.adjusted') && !types.has('inventory.low_stock')) return;
  const row = await tx.variant.findUniqueOrThrow({
    where: { id: change.variantId },
    select: { id: true, sku: true, productId: true, onHand: true, allocated: true, safetyStock: true, product: { select: { name: true } } },
  });
  const { product, ...rest } = row;
  const v = { ...rest, productName: product.name };
  const resource = `variant:${v.id}`;
  await emitWebhook(tx, 'inventory.adjusted', resource, () => adjustedData(v, change));
  const low = lowStockData(v, change);
  if (low) await emitWebhook(tx, 'inventory.low_stock', resource, () => low);
}

/**
 * webhookStockAdjusted for every on_hand change of a stock count, in three statements whatever their
 * number (one read, one insert a type) instead of a few a row. Call after the variants were updated.
 */
export async function webhookStockCounted(tx: SqlClient, counts: { variantId: string; before: number; after: number; reason: string; notes: string }[]) {
  const types = await subscribedEventTypes(tx);
  if (!counts.length || (!types.has('inventory.adjusted') && !types.has('inventory.low_stock'))) return;
  const variants = new Map((await variantsForStockEvents(tx, counts.map((c) => c.variantId))).map((v) => [v.id, v]));
  const adjusted = [];
  const low = [];
  for (const c of counts) {
    const v = variants.get(c.variantId);
    if (!v) continue; // cannot happen: the import holds the row locked
    const change = { ...c, field: 'onHand' as const };
    adjusted.push({ resource: `variant:${v.id}`, data: adjustedData(v, change) });
    const data = lowStockData(v, change);
    if (data) low.push({ resource: `variant:${v.id}`, data });
  }
  // inventory.adjusted first: a variant's low-stock alert follows its adjustment, as on the single-row path.
  await emitWebhooks(tx, 'inventory.adjusted', adjusted);
  await emitWebhooks(tx, 'inventory.low_stock', low);
}

/** product.created or product.updated, with the product as the back office reads it. Call last in the transaction. */
export async function webhookProductSaved(tx: Tx, type: 'product.created' | 'product.updated', productId: string) {
  await emitWebhook(tx, type, `product:${productId}`, async () => ({
    product: toAdminProduct(await tx.product.findUniqueOrThrow({ where: { id: productId }, select: adminProductSelect })),
  }));
}

/** product.deleted, with the product as it was. Call before deleting it, in the same transaction. */
export async function webhookProductDeleted(tx: Tx, productId: string) {
  await emitWebhook(tx, 'product.deleted', `product:${productId}`, async () => {
    const p = await tx.product.findUnique({ where: { id: productId }, select: adminProductSelect });
    return { product: p ? toAdminProduct(p) : { id: productId } };
  });
}

/**
 * After a products CSV import, in its transaction: product.created for each product whose every
 * variant this import created, product.updated for every other product it touched.
 */
export async function webhookProductsImported(tx: Tx, rows: { sku: string; action: string }[]) {
  const types = await subscribedEventTypes(tx);
  if (!types.has('product.created') && !types.has('product.updated')) return;
  const created = new Set(rows.filter((r) => r.action === 'create').map((r) => r.sku));
  const touched = rows.filter((r) => r.action === 'create' || r.action === 'change').map((r) => r.sku);
  if (!touched.length) return;
  for (const p of await productsWithSkus(tx, touched)) {
    await webhookProductSaved(tx, p.skus.every((sku) => created.has(sku)) ? 'product.created' : 'product.updated', p.id);
  }
}

const quoteData = (tx: Tx, quoteId: string) => tx.quote.findUniqueOrThrow({ where: { id: quoteId }, select: { ...quoteSelect, user: { select: { email: true } } } });

/** quote.requested: a buyer asked for prices, or staff started a quote for a customer. Call after writing it. */
export async function webhookQuoteRequested(tx: Tx, quoteId: string) {
  await emitWebhook(tx, 'quote.requested', `quote:${quoteId}`, async () => {
    const q = await quoteData(tx, quoteId);
    return { quote: { ...toQuoteDto(q), email: q.user.email } };
  });
}

/** quote.accepted, with the quote and the order it placed. Call in the order's transaction, after marking it accepted. */
export async function webhookQuoteAccepted(tx: Tx, quoteId: string, orderId: string) {
  await emitWebhook(tx, 'quote.accepted', `quote:${quoteId}`, async () => {
    const q = await quoteData(tx, quoteId);
    return { quote: { ...toQuoteDto(q), email: q.user.email }, order_id: orderId };
  });
}

/** order.refunded, with the order and the refund as REST answers them (the refunds service reads them). */
export async function webhookOrderRefunded(tx: Tx, orderId: string, data: () => Promise<object>) {
  await emitWebhook(tx, 'order.refunded', `order:${orderId}`, data);
}

/** credit_note.issued, with the credit note as REST answers it (built only when an endpoint wants it). */
export async function webhookCreditNoteIssued(tx: Tx, orderId: string, creditNote: () => object) {
  await emitWebhook(tx, 'credit_note.issued', `order:${orderId}`, () => ({ credit_note: creditNote() }));
}

/** company.*: the company (and member) as REST answers them; the companies service reads them. */
export async function webhookCompany(tx: Tx, type: 'company.created' | 'company.updated' | 'company.member_added' | 'company.member_removed', companyId: string, data: () => Promise<object>) {
  await emitWebhook(tx, type, `company:${companyId}`, data);
}

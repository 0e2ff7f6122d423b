import type { PrismaClient } from '@prisma/client';
import { toDollars } from '../../../shared/domain/money';
import { availableStock } from '../../../shared/domain/stock';
import { formatTiers } from '../../../shared/domain/pricing';

// CSV exports read the database in pages (cursor by id), one page in memory at a time, and hand
// out rows one by one, so 50,000 variants never sit in memory at once. The route streams them.

const PAGE = 500;

type CsvRow = Record<string, string | number | null>;

export interface CsvExport {
  columns: string[];
  rows: AsyncIterable<CsvRow>;
}

/** Walks a table in pages ordered by id; `fetch` returns one page after the given id. */
async function* paged<T extends { id: string }>(fetch: (after: string | undefined) => Promise<T[]>): AsyncGenerator<T> {
  let after: string | undefined;
  for (;;) {
    const page = await fetch(after);
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1].id;
  }
}

/** The page after `after`, by id. */
const afterId = (after: string | undefined) => (after ? { id: { gt: after } } : {});

/**
 * price_tiers is "1:12.5|10:11": minimum quantity and unit price of each tier, lowest minimum first.
 * Columns added later go at the end, so a sheet or script reading the file by position keeps working.
 */
const PRODUCT_COLUMNS = [
  'sku', 'product_name', 'category', 'type', 'color', 'width_cm', 'height_cm', 'pack_size', 'weight_grams',
  'price_tiers', 'on_hand', 'allocated', 'available', 'safety_stock', 'product_id', 'description',
  'order_minimum', 'order_multiple', 'order_maximum',
];

export function exportProducts(db: PrismaClient): CsvExport {
  async function* rows() {
    const variants = paged((after) =>
      db.variant.findMany({
        take: PAGE,
        where: afterId(after),
        orderBy: { id: 'asc' },
        include: { product: { select: { id: true, name: true, category: true, description: true } }, priceTiers: true },
      }),
    );
    for await (const v of variants) {
      yield {
        sku: v.sku,
        product_name: v.product.name,
        category: v.product.category,
        type: v.type,
        color: v.color,
        width_cm: v.widthCm,
        height_cm: v.heightCm,
        pack_size: v.packSize,
        weight_grams: v.weightGrams,
        price_tiers: formatTiers(v.priceTiers),
        on_hand: v.onHand,
        allocated: v.allocated,
        available: availableStock(v),
        safety_stock: v.safetyStock,
        order_minimum: v.orderMinimum,
        order_multiple: v.orderMultiple,
        order_maximum: v.orderMaximum,
        product_id: v.product.id,
        description: v.product.description,
      };
    }
  }
  return { columns: PRODUCT_COLUMNS, rows: rows() };
}

export interface DateRange {
  from: Date;
  /** Exclusive. */
  to: Date;
}

const ORDER_COLUMNS = [
  'order_number', 'created_at', 'status', 'email', 'customer_name', 'ship_country', 'coupon_code', 'subtotal', 'discount',
  'shipping', 'gst', 'total', 'line_sku', 'line_product_name', 'line_quantity', 'line_unit_price', 'line_total',
];

/** One row per order line, the order's fields repeated, so a spreadsheet can filter and sum lines. */
export function exportOrders(db: PrismaClient, range: DateRange): CsvExport {
  async function* rows() {
    const orders = paged((after) =>
      db.order.findMany({
        take: PAGE,
        where: { createdAt: { gte: range.from, lt: range.to }, ...afterId(after) },
        orderBy: { id: 'asc' },
        include: { items: { orderBy: { id: 'asc' } } },
      }),
    );
    for await (const o of orders) {
      const order = {
        order_number: o.orderNumber,
        created_at: o.createdAt.toISOString(),
        status: o.status,
        email: o.email,
        customer_name: o.shipFullName,
        ship_country: o.shipCountry,
        coupon_code: o.couponCode,
        subtotal: toDollars(o.subtotalCents),
        discount: toDollars(o.discountCents),
        shipping: toDollars(o.shippingCents),
        gst: toDollars(o.gstCents),
        total: toDollars(o.totalCents),
      };
      for (const item of o.items) {
        yield {
          ...order,
          line_sku: item.sku,
          line_product_name: item.productName,
          line_quantity: item.quantity,
          line_unit_price: toDollars(item.unitPriceCents),
          line_total: toDollars(item.lineTotalCents),
        };
      }
    }
  }
  return { columns: ORDER_COLUMNS, rows: rows() };
}

const LEDGER_COLUMNS = ['created_at', 'subject', 'field', 'reason', 'before', 'after', 'delta', 'notes', 'user_email', 'order_number'];

export function exportLedger(db: PrismaClient, range: DateRange): CsvExport {
  async function* rows() {
    const entries = paged((after) =>
      db.inventoryLedger.findMany({
        take: PAGE,
        where: { createdAt: { gte: range.from, lt: range.to }, ...afterId(after) },
        orderBy: { id: 'asc' },
        include: { user: { select: { email: true } }, order: { select: { orderNumber: true } } },
      }),
    );
    for await (const e of entries) {
      yield {
        created_at: e.createdAt.toISOString(),
        subject: e.subject,
        field: e.field,
        reason: e.reason,
        before: e.before,
        after: e.after,
        delta: e.delta,
        notes: e.notes,
        user_email: e.user?.email ?? null,
        order_number: e.order?.orderNumber ?? null,
      };
    }
  }
  return { columns: LEDGER_COLUMNS, rows: rows() };
}

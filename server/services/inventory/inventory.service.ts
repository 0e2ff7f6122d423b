import { Prisma, type PrismaClient } from '@prisma/client';
import { PACKING_LOW_STOCK } from '../../../shared/constants';
import { availableStock } from '../../../shared/domain/stock';
import { badRequest, conflict, notFound } from '../../../shared/errors';
import {
  ADJUSTMENT_FIELDS,
  INVENTORY_LIST_DEFAULT,
  INVENTORY_PAGE_SIZE,
  type AdjustmentField,
  type AdjustStockInput,
  type InventoryQuery,
  type InventoryRow,
} from '../../../shared/schemas/inventory.schema';
import { noteCatalogueChanged, oneStatement, unitOfWork } from '../../db/unit-of-work';
import { cachedAnswer } from '../catalogue/catalog-cache';
import { planSearch } from '../search/search.service';
import { adjustVariantStock, countInventoryRows, INT_MAX, listInventoryRows, readInventoryFacetValues, STOCK_COLUMN, type ListedRow } from './inventory.sql';
import { announce } from '../../outbox/business-events';
import { subscribedEventTypes } from '../../webhooks/subscriptions';

const capitalise = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/** "Polymailers - White Polymailer Bags": the packing screen reads the category before ' - '. */
const inventoryProductName = (category: string, name: string) => `${capitalise(category)} - ${name}`;

/** Low stock: what can still be sold is at or below the packing screen's warning level. */
const isLowStock = (available: number) => available <= PACKING_LOW_STOCK;

type VariantRow = {
  id: string;
  sku: string;
  onHand: number;
  allocated: number;
  safetyStock: number;
  product: { id: string; name: string; category: string; images: { url: string }[] };
};

function toRow(v: VariantRow): InventoryRow {
  const available = availableStock(v);
  return {
    variant_id: v.id,
    product_id: v.product.id,
    sku: v.sku,
    product_name: inventoryProductName(v.product.category, v.product.name),
    product_image: v.product.images[0]?.url ?? null,
    on_hand: v.onHand,
    allocated: v.allocated,
    available,
    safety_stock: v.safetyStock,
    is_low_stock: isLowStock(available),
  };
}

const fromListed = (r: ListedRow): InventoryRow =>
  toRow({ id: r.id, sku: r.sku, onHand: r.onHand, allocated: r.allocated, safetyStock: r.safetyStock, product: { id: r.productId, name: r.name, category: r.category, images: r.image ? [{ url: r.image }] : [] } });

/**
 * One page of inventory rows in one SQL round trip: the database filters, orders (by an index for
 * every sort) and cuts the page, and only then looks up each row's first image, so a request reads
 * the rows it answers and not the catalogue (a 50,000-variant shop answers as fast as a small one).
 */
export async function listInventory(db: PrismaClient, q: InventoryQuery = {}): Promise<InventoryRow[]> {
  const limit = q.limit ?? INVENTORY_LIST_DEFAULT;
  const offset = ((q.page ?? 1) - 1) * limit;
  const rows = await listInventoryRows(db, q, await planSearch(db, q.search), limit, offset);
  return rows.map(fromListed);
}

/**
 * How many rows match the filters. Counting is the one part of a page that reads every matching
 * row, so the figure is kept in the catalogue cache (bounded, dropped on every stock or product
 * change in any instance, see catalog-cache.ts) while the rows themselves are always read fresh.
 */
async function countInventory(db: PrismaClient, q: InventoryQuery): Promise<number> {
  const key = `inventory-count|${JSON.stringify([q.search ?? '', q.category ?? '', q.color ?? '', q.size ?? '', q.stock ?? ''])}`;
  const answer = await cachedAnswer(db, key, async () => countInventoryRows(db, q, await planSearch(db, q.search)));
  return answer.value;
}

/** A page with its total, for the inventory and packing screens' pagers. */
export async function inventoryPage(db: PrismaClient, q: InventoryQuery = {}) {
  const limit = q.limit ?? INVENTORY_PAGE_SIZE;
  const [total, items] = await Promise.all([countInventory(db, q), listInventory(db, { ...q, limit })]);
  return { items, total, page: q.page ?? 1, pages: Math.max(1, Math.ceil(total / limit)), limit };
}

/** The category, colour and size values the filters offer (cached like the count). */
export async function inventoryFacets(db: PrismaClient) {
  const answer = await cachedAnswer(db, 'inventory-facets', async () => {
    const { categories, colors, sizes } = await readInventoryFacetValues(db);
    const values = (vs: (string | null)[]) => vs.filter((v): v is string => !!v).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    return { categories: values(categories), colors: values(colors), sizes: values(sizes) };
  });
  return answer.value;
}

const COLUMN = STOCK_COLUMN;
const LABEL = { on_hand: 'On hand', allocated: 'Allocated', safety_stock: 'Safety stock' } as const;

type Figures = { onHand: number; allocated: number; safetyStock: number };
/** Why an adjustment of `before` to `after` is refused, or null. The SQL below applies the same rule. */
function refusal(field: AdjustmentField, sku: string, row: Figures, before: number, after: number) {
  if (after < 0) return badRequest(`${LABEL[field]} cannot go below 0 (${sku} has ${before})`);
  if (after > INT_MAX) return badRequest(`${LABEL[field]} cannot exceed ${INT_MAX}`);
  const next = { ...row, [COLUMN[field]]: after };
  // Shipping takes allocated units out of on_hand, so on_hand may never drop below them.
  if (next.onHand < next.allocated) {
    return conflict(`On hand (${next.onHand}) cannot be less than the ${next.allocated} unit(s) allocated to open orders for ${sku}`);
  }
  return null;
}

/**
 * One stock adjustment in one SQL statement (one round trip, atomic on its own): the variant row is
 * locked (FOR UPDATE) and read, updated only if the result is allowed, and the ledger row written
 * from the same figures, so two staff adjusting the same variant at once are applied one after the
 * other, each from the figure the other left, and the ledger's before/after chain stays unbroken.
 * The statement answers the figures it saw; when nothing was written, the same rule (refusal())
 * names the reason, or the adjustment changed nothing and writes no ledger row.
 */
export async function adjustStock(db: PrismaClient, userId: string, input: AdjustStockInput): Promise<InventoryRow> {
  const suffix = input.adjustment_type === 'set' ? '_value' : '_change';
  const field = ADJUSTMENT_FIELDS.find((f) => input[`${f}${suffix}` as keyof AdjustStockInput] !== undefined)!;
  const amount = input[`${field}${suffix}` as keyof AdjustStockInput] as number;
  const statement = (client: Prisma.TransactionClient | PrismaClient) =>
    adjustVariantStock(client, { variantId: input.variant_id, field, set: input.adjustment_type === 'set', amount, reason: input.reason, notes: input.notes, userId });
  // Without a webhook endpoint for stock events the statement runs on its own (one round trip).
  // With one, the event is written in the same transaction as the change, so it exists exactly when
  // the change was committed.
  const types = await subscribedEventTypes(db);
  const [row] = types.has('inventory.adjusted') || types.has('inventory.low_stock')
    ? await unitOfWork(db, async (tx) => {
          const rows = await statement(tx);
          const r = rows[0];
          if (r && r.newOnHand !== null) {
            noteCatalogueChanged(tx, 'stock');
            const now = { onHand: r.newOnHand, allocated: r.newAllocated, safetyStock: r.newSafetyStock } as Record<string, number>;
            await announce('stockAdjusted', tx, { variantId: input.variant_id, field: COLUMN[field], before: r.before, after: now[COLUMN[field]], reason: input.reason, notes: input.notes });
          }
          return rows;
        })
    : await oneStatement(db, async (unit) => {
          const rows = await statement(db);
          if (rows[0] && rows[0].newOnHand !== null) noteCatalogueChanged(unit, 'stock');
          return rows;
        });
  if (!row) throw notFound('Variant not found');
  if (row.newOnHand === null) {
    const target = input.adjustment_type === 'set' ? amount : row.before + amount;
    const refused = refusal(field, row.sku, row, row.before, target);
    if (refused) throw refused;
  }
  return fromListed({
    id: input.variant_id,
    sku: row.sku,
    onHand: row.newOnHand ?? row.onHand,
    allocated: row.newAllocated ?? row.allocated,
    safetyStock: row.newSafetyStock ?? row.safetyStock,
    productId: row.productId,
    name: row.name,
    category: row.category,
    image: row.image,
  });
}

export async function variantLedger(db: PrismaClient, variantId: string, limit = 100) {
  const exists = await db.variant.count({ where: { id: variantId } });
  if (!exists) throw notFound('Variant not found');
  const rows = await db.inventoryLedger.findMany({
    where: { variantId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { id: true, field: true, reason: true, notes: true, delta: true, before: true, after: true, orderId: true, order: { select: { orderNumber: true } }, createdAt: true, user: { select: { email: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    field: r.field,
    reason: r.reason,
    notes: r.notes,
    delta: r.delta,
    before: r.before,
    after: r.after,
    user_email: r.user?.email ?? null,
    order_id: r.orderId,
    order_number: r.order?.orderNumber ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}

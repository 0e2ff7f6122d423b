import type { PrismaClient } from '@prisma/client';
import { PACKING_LOW_STOCK } from '../../../shared/constants';
import { availableStock } from '../../../shared/domain/stock';
import { badRequest, conflict, notFound } from '../../../shared/errors';
import { ADJUSTMENT_FIELDS, INVENTORY_LIST_MAX, type AdjustStockInput, type InventoryRow } from '../../../shared/schemas/admin/inventory.schema';
import { catalogChanged } from '../../lib/catalog-events';
import { withWriteLock } from '../write-lock';
import { writeLedger } from '../ledger';
import { webhookStockAdjusted } from '../../webhooks/events';

const inventorySelect = {
  id: true,
  sku: true,
  onHand: true,
  allocated: true,
  safetyStock: true,
  product: { select: { id: true, name: true, category: true, images: { select: { url: true }, orderBy: { position: 'asc' }, take: 1 } } },
} as const;

const capitalise = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/** "Polymailers - White Polymailer Bags": the packing screen reads the category before ' - '. */
export const inventoryProductName = (category: string, name: string) => `${capitalise(category)} - ${name}`;

/** Low stock: what can still be sold is at or below the packing screen's warning level. */
export const isLowStock = (available: number) => available <= PACKING_LOW_STOCK;

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

/**
 * One SQL round trip for the list, at most `limit` rows (the packing screen filters it in the browser): variants
 * joined to their product and its first image, instead of Prisma's three queries stitched in JS.
 */
export async function listInventory(db: PrismaClient, search?: string, limit = INVENTORY_LIST_MAX): Promise<InventoryRow[]> {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db.$queryRaw<Array<{ id: string; sku: string; onHand: number; allocated: number; safetyStock: number; productId: string; name: string; category: string; image: string | null }>>`
    SELECT v."id", v."sku", v."onHand", v."allocated", v."safetyStock", p."id" AS "productId", p."name", p."category",
           (SELECT i."url" FROM "ProductImage" i WHERE i."productId" = p."id" ORDER BY i."position" ASC, i."id" ASC LIMIT 1) AS "image"
    FROM "Variant" v JOIN "Product" p ON p."id" = v."productId"
    WHERE ${pattern}::text IS NULL OR v."sku" ILIKE ${pattern} OR p."name" ILIKE ${pattern}
    ORDER BY p."name" ASC, v."sku" ASC
    LIMIT ${limit}`;
  return rows.map((r) =>
    toRow({ id: r.id, sku: r.sku, onHand: r.onHand, allocated: r.allocated, safetyStock: r.safetyStock, product: { id: r.productId, name: r.name, category: r.category, images: r.image ? [{ url: r.image }] : [] } }),
  );
}

const COLUMN = { on_hand: 'onHand', allocated: 'allocated', safety_stock: 'safetyStock' } as const;
const LABEL = { on_hand: 'On hand', allocated: 'Allocated', safety_stock: 'Safety stock' } as const;

/**
 * One stock adjustment, atomically: the variant row is locked (SELECT ... FOR UPDATE) so that two
 * staff adjusting the same variant at once are applied one after the other, each from the figure
 * the other left, and the ledger's before/after chain stays unbroken.
 */
export async function adjustStock(db: PrismaClient, userId: string, input: AdjustStockInput): Promise<InventoryRow> {
  const suffix = input.adjustment_type === 'set' ? '_value' : '_change';
  const field = ADJUSTMENT_FIELDS.find((f) => input[`${f}${suffix}` as keyof AdjustStockInput] !== undefined)!;
  const amount = input[`${field}${suffix}` as keyof AdjustStockInput] as number;

  await withWriteLock(db, () => db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ sku: string; onHand: number; allocated: number; safetyStock: number }[]>`
      SELECT "sku", "onHand", "allocated", "safetyStock" FROM "Variant" WHERE "id" = ${input.variant_id} FOR UPDATE`;
    if (!row) throw notFound('Variant not found');
    const before = row[COLUMN[field]];
    const after = input.adjustment_type === 'set' ? amount : before + amount;
    if (after < 0) throw badRequest(`${LABEL[field]} cannot go below 0 (${row.sku} has ${before})`);
    const next = { onHand: row.onHand, allocated: row.allocated, [COLUMN[field]]: after };
    // Shipping takes allocated units out of on_hand, so on_hand may never drop below them.
    if (next.onHand < next.allocated) {
      throw conflict(`On hand (${next.onHand}) cannot be less than the ${next.allocated} unit(s) allocated to open orders for ${row.sku}`);
    }
    if (after === before) return;
    await tx.variant.update({ where: { id: input.variant_id }, data: { [COLUMN[field]]: after }, select: { id: true } });
    await writeLedger(tx, [{ variantId: input.variant_id, subject: row.sku, field, reason: input.reason, notes: input.notes, before, after, userId }]);
    await webhookStockAdjusted(tx, { variantId: input.variant_id, field: COLUMN[field], before, after, reason: input.reason, notes: input.notes });
  }));
  catalogChanged('stock');
  const v = await db.variant.findUnique({ where: { id: input.variant_id }, select: inventorySelect });
  if (!v) throw notFound('Variant not found');
  return toRow(v);
}

export async function variantLedger(db: PrismaClient, variantId: string, limit = 100) {
  const exists = await db.variant.count({ where: { id: variantId } });
  if (!exists) throw notFound('Variant not found');
  const rows = await db.inventoryLedger.findMany({
    where: { variantId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { id: true, field: true, reason: true, notes: true, delta: true, before: true, after: true, orderId: true, createdAt: true, user: { select: { email: true } } },
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
    created_at: r.createdAt.toISOString(),
  }));
}

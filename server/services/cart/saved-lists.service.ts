// Saved lists: a signed-in buyer's named lists of variants, at most MAX_SAVED_LISTS lists
// of MAX_SAVED_LIST_LINES lines. Lists hold variants and quantities only: prices and stock are read
// today whenever a list is shown, and a list goes into the cart through the cart's own rules
// (repeat-buying.service addRemembered). Another buyer's list answers like an unknown one (404).
import { Prisma, type PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { toDollars } from '../../../shared/domain/money';
import { hasPositivePrice, unitPriceFor } from '../../../shared/domain/pricing';
import { availableStock } from '../../../shared/domain/stock';
import { quantityRuleRefusal, rulesOf } from '../../../shared/domain/quantity-rule-checks';
import { AppError, badRequest, notFound } from '../../../shared/errors';
import { MAX_LINE_QUANTITY } from '../../../shared/schemas/cart.schema';
import type { ReorderDto } from '../../../shared/schemas/repeat-buying.schema';
import { MAX_SAVED_LIST_LINES, MAX_SAVED_LISTS } from '../../../shared/domain/saved-lists';
import { contractTiers, type ResolvedPriceList } from '../../../shared/domain/price-list';
import { resolvePriceList } from '../price-lists/resolve-price-list';
import {
  SAVED_LIST_MESSAGES as M,
  type createListInput,
  type SavedListDto,
} from '../../../shared/schemas/saved-list.schema';
import { isUniqueViolation } from '../../db/errors';
import { readCartRow } from './cart.sql';
import { lockSavedList } from './saved-lists.sql';
import { lockUser } from '../../db/user-lock.sql';
import { addRemembered } from './repeat-buying.service';
import { batchWrite, unitOfWork } from '../../db/unit-of-work';
import { quantityRulesSelect, rulesDto, stockColumnsSelect } from '../catalogue/product.select';
import { variantLabel } from './cart.service';
import { newId } from '../../db/ids';

type Db = Prisma.TransactionClient;

const itemSelect = {
  id: true,
  quantity: true,
  variant: {
    select: {
      id: true,
      sku: true,
      sizeCode: true,
      color: true,
      packSize: true,
      ...stockColumnsSelect,
      ...quantityRulesSelect,
      priceTiers: { select: { minQuantity: true, priceCents: true } },
      product: { select: { id: true, name: true } },
    },
  },
} satisfies Prisma.SavedListItemSelect;

export const listSelect = {
  id: true,
  name: true,
  createdAt: true,
  updatedAt: true,
  items: { select: itemSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
} satisfies Prisma.SavedListSelect;

type ListRow = Prisma.SavedListGetPayload<{ select: typeof listSelect }>;

/** Whose list is read and at whose prices: the buyer, and their company's price list (null: list prices). */
export type ListReader = { userId: string; priceListId: string | null };

/** The list as the reader pays for it today: each line at the contract price for its quantity (decision 0193). */
export async function pricedListDto(db: Db, l: ListRow, priceListId: string | null): Promise<SavedListDto> {
  const priceList = l.items.length ? await resolvePriceList(db, priceListId, l.items.map((i) => i.variant.id)) : null;
  return toListDto(l, priceList);
}

function toListDto(l: ListRow, priceList: ResolvedPriceList | null): SavedListDto {
  return {
    id: l.id,
    name: l.name,
    item_count: l.items.length,
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
    items: l.items.map((i) => {
      const v = i.variant;
      const tiers = contractTiers(v.id, v.priceTiers.map((t) => ({ min_quantity: t.minQuantity, price: t.priceCents })), priceList);
      return {
        id: i.id,
        variant_id: v.id,
        sku: v.sku,
        product_id: v.product.id,
        product_name: v.product.name,
        size: v.sizeCode,
        color: v.color,
        pack_size: v.packSize,
        quantity: i.quantity,
        unit_price: hasPositivePrice(tiers, i.quantity) ? toDollars(unitPriceFor(tiers, i.quantity)) : null,
        available: availableStock(v),
        ...rulesDto(v),
      };
    }),
  };
}

/** The buyer's lists, most recently changed first. */
export async function listLists(db: PrismaClient, userId: string) {
  const rows = await db.savedList.findMany({
    where: { userId },
    select: { id: true, name: true, createdAt: true, updatedAt: true, _count: { select: { items: true } } },
    orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
  });
  return rows.map((l) => ({ id: l.id, name: l.name, item_count: l._count.items, created_at: l.createdAt.toISOString(), updated_at: l.updatedAt.toISOString() }));
}

async function readList(db: Db, userId: string, id: string) {
  const row = await db.savedList.findFirst({ where: { id, userId }, select: listSelect });
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function getList(db: PrismaClient, reader: ListReader, id: string) {
  return pricedListDto(db, await readList(db, reader.userId, id), reader.priceListId);
}

/**
 * A list owned by the buyer, locked for this transaction: two changes of one list (or two new lists
 * of one buyer) take turns, so neither limit can be passed by doing two things at once.
 */
async function lockList(tx: Db, userId: string, id: string) {
  if (!(await lockSavedList(tx, userId, id))) throw notFound(M.notFound);
}

/** Names are unique per buyer; a clash is a 409 naming the list. */
async function named<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.nameTaken(name));
    throw err;
  }
}

/** The lines a new list starts with: none, the cart's, or an order's (variants still sold). */
async function startingLines(tx: Db, userId: string, input: z.infer<typeof createListInput>) {
  if (input.from_cart && input.from_order_id) throw badRequest('Save either the cart or an order, not both');
  if (input.from_cart) {
    const cart = await readCartRow(tx, { userId });
    if (!cart || cart.items.length === 0) throw badRequest(M.emptyCart);
    return { lines: cart.items.map((i) => ({ variantId: i.variant.id, quantity: i.quantity })), leftOut: 0 };
  }
  if (input.from_order_id) {
    const order = await tx.order.findFirst({ where: { id: input.from_order_id, userId }, select: { items: { select: { variantId: true, quantity: true }, orderBy: { id: 'asc' } } } });
    if (!order) throw notFound('Order not found');
    // One line per variant (an order never repeats one, but a list must not), capped at the line limit.
    const byVariant = new Map<string, number>();
    for (const i of order.items) if (i.variantId) byVariant.set(i.variantId, Math.min((byVariant.get(i.variantId) ?? 0) + i.quantity, MAX_LINE_QUANTITY));
    return { lines: [...byVariant].map(([variantId, quantity]) => ({ variantId, quantity })), leftOut: order.items.filter((i) => !i.variantId).length };
  }
  return { lines: [], leftOut: 0 };
}

export async function createList(db: PrismaClient, reader: ListReader, input: z.infer<typeof createListInput>) {
  const { userId } = reader;
  const name = input.name.trim();
  const { id, leftOut } = await named(name, () =>
    unitOfWork(db, async (tx) => {
      await lockUser(tx, userId);
      if ((await tx.savedList.count({ where: { userId } })) >= MAX_SAVED_LISTS) throw new AppError('CONFLICT', M.tooManyLists);
      const { lines, leftOut } = await startingLines(tx, userId, input);
      if (lines.length > MAX_SAVED_LIST_LINES) throw new AppError('CONFLICT', M.tooManyLines);
      const list = await tx.savedList.create({ data: { id: newId(), userId, name, items: { create: lines.map((l) => ({ id: newId(), ...l })) } }, select: { id: true } });
      return { id: list.id, leftOut };
    }),
  );
  const dto = await getList(db, reader, id);
  return input.from_order_id ? { ...dto, left_out: leftOut } : dto;
}

export async function renameList(db: PrismaClient, reader: ListReader, id: string, name: string) {
  const { userId } = reader;
  await named(name, () =>
    unitOfWork(db, async (tx) => {
      await lockList(tx, userId, id);
      await tx.savedList.update({ where: { id }, data: { name } });
    }),
  );
  return getList(db, reader, id);
}

export async function deleteList(db: PrismaClient, userId: string, id: string) {
  const { count } = await db.savedList.deleteMany({ where: { id, userId } });
  if (!count) throw notFound(M.notFound);
  return { ok: true, message: 'List deleted' };
}

/** What a list's quantity is checked against: the variant's order quantity rules, as the cart applies them. */
const ruleVariantSelect = { id: true, sizeCode: true, packSize: true, ...quantityRulesSelect, product: { select: { name: true } } } satisfies Prisma.VariantSelect;

/** A list keeps quantities that can be ordered, so that the list later goes into the cart whole. */
function requireRules(variant: Prisma.VariantGetPayload<{ select: typeof ruleVariantSelect }>, quantity: number) {
  const broken = quantityRuleRefusal(variantLabel(variant), rulesOf(variant), quantity);
  if (broken) throw badRequest(broken);
}

/** Saves a variant to a list; a variant already on it gets the quantity added. */
export async function addListItem(db: PrismaClient, reader: ListReader, input: { id: string; variant_id: string; quantity: number }) {
  const { userId } = reader;
  await unitOfWork(db, async (tx) => {
    await lockList(tx, userId, input.id);
    const variant = await tx.variant.findUnique({ where: { id: input.variant_id }, select: ruleVariantSelect });
    if (!variant) throw notFound('Product variant not found');
    const existing = await tx.savedListItem.findUnique({ where: { listId_variantId: { listId: input.id, variantId: variant.id } }, select: { id: true, quantity: true } });
    requireRules(variant, (existing?.quantity ?? 0) + input.quantity);
    if (existing) {
      const quantity = existing.quantity + input.quantity;
      if (quantity > MAX_LINE_QUANTITY) throw badRequest(`Quantity cannot be more than ${MAX_LINE_QUANTITY}`);
      await tx.savedListItem.update({ where: { id: existing.id }, data: { quantity } });
    } else {
      if ((await tx.savedListItem.count({ where: { listId: input.id } })) >= MAX_SAVED_LIST_LINES) throw new AppError('CONFLICT', M.tooManyLines);
      await tx.savedListItem.create({ data: { id: newId(), listId: input.id, variantId: variant.id, quantity: input.quantity } });
    }
    await tx.savedList.update({ where: { id: input.id }, data: { updatedAt: new Date() } });
  });
  return getList(db, reader, input.id);
}

async function ownItem(db: Db, userId: string, listId: string, itemId: string) {
  const item = await db.savedListItem.findFirst({ where: { id: itemId, listId, list: { userId } }, select: { id: true, variant: { select: ruleVariantSelect } } });
  if (!item) {
    // An unknown list and someone else's list answer alike; so does a line of another list.
    await readList(db, userId, listId);
    throw notFound(M.itemNotFound);
  }
  return item;
}

export async function updateListItem(db: PrismaClient, reader: ListReader, input: { id: string; item_id: string; quantity: number }) {
  const { userId } = reader;
  const item = await ownItem(db, userId, input.id, input.item_id);
  requireRules(item.variant, input.quantity);
  await batchWrite(db, [
    db.savedListItem.update({ where: { id: item.id }, data: { quantity: input.quantity } }),
    db.savedList.update({ where: { id: input.id }, data: { updatedAt: new Date() } }),
  ]);
  return getList(db, reader, input.id);
}

export async function removeListItem(db: PrismaClient, reader: ListReader, input: { id: string; item_id: string }) {
  const { userId } = reader;
  const item = await ownItem(db, userId, input.id, input.item_id);
  await batchWrite(db, [db.savedListItem.delete({ where: { id: item.id } }), db.savedList.update({ where: { id: input.id }, data: { updatedAt: new Date() } })]);
  return getList(db, reader, input.id);
}

/** Adds the whole list to the cart at today's prices; lines the cart refuses are listed with the reason. */
export async function listToCart(db: PrismaClient, owner: { userId: string; priceListId: string | null }, id: string): Promise<ReorderDto> {
  return addListToCart(db, owner, await readList(db, owner.userId, id));
}

/** Puts a list's lines into the owner's cart (the buyer's own, or a company admin's, decision 0195) at the owner's prices. */
export async function addListToCart(db: PrismaClient, owner: { userId: string; priceListId: string | null }, list: ListRow): Promise<ReorderDto> {
  if (list.items.length === 0) throw badRequest('This list is empty');
  return addRemembered(
    db,
    owner,
    list.items.map((i) => ({ variantId: i.variant.id, sku: i.variant.sku, productName: i.variant.product.name, quantity: i.quantity })),
  );
}

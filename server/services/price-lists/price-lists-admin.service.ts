// The owner's side of price lists (/admin/price-lists, decisions 0192 and 0193): create, list, read,
// change and delete. A change reaches members at their next priced read: the members' sessions carry
// only which list is theirs, and the list's prices are read per request (resolve-price-list.ts).
import type { Prisma, PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { toCents } from '../../../shared/domain/money';
import { badRequest, notFound } from '../../../shared/errors';
import type { createPriceListInput, PriceListDetailDto, priceListItemInput, priceListListInput, updatePriceListInput } from '../../../shared/schemas/price-lists.schema';
import { newId } from '../../db/ids';
import { noteCatalogueChanged, unitOfWork } from '../../db/unit-of-work';
import { noteMembersChanged } from '../../auth/company-sessions';
import { priceListItemSelect, priceListSelect, toPriceListDto, toPriceListItemDto } from './price-list.mapper';

type Db = PrismaClient | Prisma.TransactionClient;
type ItemInput = z.infer<typeof priceListItemInput>;

export async function listPriceLists(db: PrismaClient, input: NonNullable<z.infer<typeof priceListListInput>>) {
  const where: Prisma.PriceListWhereInput = input.search ? { name: { contains: input.search, mode: 'insensitive' } } : {};
  const [rows, total] = await Promise.all([
    db.priceList.findMany({ where, select: priceListSelect, orderBy: [{ name: 'asc' }, { id: 'asc' }], skip: (input.page - 1) * input.page_size, take: input.page_size }),
    db.priceList.count({ where }),
  ]);
  return { items: rows.map(toPriceListDto), total, page: input.page, pages: Math.max(1, Math.ceil(total / input.page_size)) };
}

export async function getPriceList(db: Db, id: string): Promise<PriceListDetailDto> {
  const p = await db.priceList.findUnique({
    where: { id },
    select: { ...priceListSelect, items: { select: priceListItemSelect, orderBy: { variant: { sku: 'asc' } } } },
  });
  if (!p) throw notFound('Price list not found');
  return { ...toPriceListDto(p), items: p.items.map(toPriceListItemDto) };
}

/** The listed prices by variant: every SKU must be one of the shop's (one message naming the unknown ones). */
async function itemRows(tx: Prisma.TransactionClient, priceListId: string, items: readonly ItemInput[]): Promise<Prisma.PriceListItemCreateManyInput[]> {
  if (items.length === 0) return [];
  const skus = items.map((i) => i.sku);
  const variants = await tx.variant.findMany({ where: { sku: { in: skus, mode: 'insensitive' } }, select: { id: true, sku: true } });
  const bySku = new Map(variants.map((v) => [v.sku.toUpperCase(), v.id]));
  const unknown = skus.filter((s) => !bySku.has(s.toUpperCase()));
  if (unknown.length) throw badRequest(`Unknown SKU${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', …' : ''}`);
  return items.map((i) => ({
    priceListId,
    variantId: bySku.get(i.sku.toUpperCase())!,
    tiers: [...i.tiers].sort((a, b) => a.min_quantity - b.min_quantity).map((t) => ({ min_quantity: t.min_quantity, price: toCents(t.price) })),
  }));
}

export async function createPriceList(db: PrismaClient, input: z.infer<typeof createPriceListInput>): Promise<PriceListDetailDto> {
  const id = newId();
  await unitOfWork(db, async (tx) => {
    await tx.priceList.create({ data: { id, name: input.name, percentOffBp: input.percent_off } });
    const rows = await itemRows(tx, id, input.items);
    if (rows.length) await tx.priceListItem.createMany({ data: rows });
    noteCatalogueChanged(tx, 'price list');
  });
  return getPriceList(db, id);
}

export async function updatePriceList(db: PrismaClient, input: z.infer<typeof updatePriceListInput>): Promise<PriceListDetailDto> {
  await unitOfWork(db, async (tx) => {
    const { count } = await tx.priceList.updateMany({ where: { id: input.id }, data: { name: input.name, percentOffBp: input.percent_off, updatedAt: new Date() } });
    if (!count) throw notFound('Price list not found');
    if (input.items) {
      const rows = await itemRows(tx, input.id, input.items);
      await tx.priceListItem.deleteMany({ where: { priceListId: input.id } });
      if (rows.length) await tx.priceListItem.createMany({ data: rows });
    }
    // Every instance drops its cached price lists (and the catalogue's answers) once this commits.
    noteCatalogueChanged(tx, 'price list');
  });
  return getPriceList(db, input.id);
}

/** Deleting a list puts its companies back on the list price (the foreign key sets theirs to null). */
export async function deletePriceList(db: PrismaClient, id: string): Promise<void> {
  await unitOfWork(db, async (tx) => {
    const companies = await tx.company.findMany({ where: { priceListId: id }, select: { id: true } });
    const { count } = await tx.priceList.deleteMany({ where: { id } });
    if (!count) throw notFound('Price list not found');
    for (const c of companies) await noteMembersChanged(tx, c.id);
    noteCatalogueChanged(tx, 'price list');
  });
}



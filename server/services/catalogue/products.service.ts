import type { Prisma, PrismaClient } from '@prisma/client';
import { priceRangeOf } from '../../../shared/domain/pricing';
import { BUBBLE_WRAP_COLOR, BUBBLE_WRAP_TYPE } from '../../../shared/constants';
import { basePriceOf } from '../../../shared/domain/default-tiers';
import { toCents } from '../../../shared/domain/money';
import { buildSku, sizeCode } from '../../../shared/domain/sku';
import { badRequest, conflict, notFound } from '../../../shared/errors';
import { hasRuleKeys, type ProductInput, type SkuOwnersInput, type VariantInput } from '../../../shared/schemas/products.schema';
import { isUniqueViolation } from '../../db/errors';
import { noteCatalogueChanged, unitOfWork } from '../../db/unit-of-work';
import { resolveProductImages, type ImageSource } from './product-images.service';
import { writeLedger, type LedgerEntry } from './ledger';
import { lockProductVariantStock } from '../../db/stock-locks.sql';
import { adminProductSelect, toAdminProduct } from './product.mapper';
import { searchProductIds } from '../search/search.service';
import { announce } from '../../outbox/business-events';
import { newId } from '../../db/ids';

type Tx = Prisma.TransactionClient;

export async function getProduct(db: PrismaClient, id: string) {
  const p = await db.product.findUnique({ where: { id }, select: adminProductSelect });
  if (!p) throw notFound('Product not found');
  return toAdminProduct(p);
}

/** The back office's product cards: all, by category and name, or what a search finds, best match first. */
export async function listProducts(db: PrismaClient, search?: string) {
  const found = await searchProductIds(db, search);
  const rank = new Map(found?.map((id, i) => [id, i]));
  const rows = await db.product.findMany({
    where: found ? { id: { in: found } } : {},
    orderBy: [{ category: 'asc' }, { name: 'asc' }],
    select: {
      id: true,
      name: true,
      category: true,
      type: true,
      color: true,
      images: { select: { url: true }, orderBy: { position: 'asc' }, take: 1 },
      variants: { select: { basePriceCents: true, onHand: true } },
    },
  });
  if (found) rows.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return rows.map((p) => {
    const prices = p.variants.map((v) => v.basePriceCents);
    return {
      id: p.id,
      name: p.name,
      category: p.category,
      type: p.type,
      color: p.color,
      image: p.images[0]?.url ?? null,
      variant_count: p.variants.length,
      total_on_hand: p.variants.reduce((s, v) => s + v.onHand, 0),
      price_range: priceRangeOf(prices),
    };
  });
}

/** Business rules the schema cannot see: bubble wrap is white only, and no two variants share a SKU. */
export function checkRules(input: ProductInput) {
  if (input.type === BUBBLE_WRAP_TYPE && input.color !== BUBBLE_WRAP_COLOR) throw badRequest('Bubble wrap only available in white');
  const seen = new Set<string>();
  for (const v of input.variants) {
    const sku = skuOf(input, v);
    if (seen.has(sku)) throw conflict(`Two variants would share the SKU ${sku}; each size and pack size may appear once`);
    seen.add(sku);
    const mins = v.price_tiers.map((t) => t.min_quantity);
    if (new Set(mins).size !== mins.length) throw badRequest(`${sku}: two price tiers have the same minimum quantity`);
  }
}

const skuOf = (p: ProductInput, v: VariantInput) =>
  buildSku({ category: p.category, type: p.type, color: p.color, widthCm: v.width_cm, heightCm: v.height_cm, packSize: v.pack_size });

export function variantData(p: ProductInput, v: VariantInput) {
  return {
    sku: skuOf(p, v),
    type: p.type,
    color: p.color,
    widthCm: v.width_cm,
    heightCm: v.height_cm,
    sizeCode: sizeCode(v.width_cm, v.height_cm),
    packSize: v.pack_size,
    basePriceCents: toCents(basePriceOf(v.price_tiers)),
    safetyStock: v.safety_stock,
    ...(v.weight_grams !== undefined ? { weightGrams: v.weight_grams } : {}),
    ...(hasRuleKeys(v) ? { orderMinimum: v.order_minimum ?? null, orderMultiple: v.order_multiple ?? null, orderMaximum: v.order_maximum ?? null } : {}),
  };
}

export const tierRows = (v: VariantInput) => v.price_tiers.map((t) => ({ minQuantity: t.min_quantity, priceCents: toCents(t.price) }));

function productData(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    color: input.color,
    type: input.type,
    specifications: input.specifications,
    seoTitle: input.seo_title || null,
    seoDescription: input.seo_description || null,
    seoKeywords: input.seo_keywords,
    ...(input.featured !== undefined ? { featured: input.featured } : {}),
  };
}

async function replaceImages(tx: Tx, productId: string, urls: string[]) {
  await tx.productImage.deleteMany({ where: { productId } });
  if (urls.length) await tx.productImage.createMany({ data: urls.map((url, position) => ({ id: newId(), productId, url, position })) });
}

/** SKU clashes with other products surface as a clear 409, whichever statement hit them. */
async function withSkuConflict<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A variant with this SKU already exists in another product (same category, type, color, size and pack size)');
    throw err;
  }
}

/** The products (other than the one being edited) that already hold any of these SKUs. */
export async function skuOwners(db: PrismaClient, input: SkuOwnersInput) {
  if (input.skus.length === 0) return [];
  const rows = await db.variant.findMany({
    where: { sku: { in: input.skus }, ...(input.exclude_product_id ? { productId: { not: input.exclude_product_id } } : {}) },
    select: { sku: true, productId: true, product: { select: { name: true } } },
    orderBy: { sku: 'asc' },
  });
  return rows.map((r) => ({ sku: r.sku, product_id: r.productId, product_name: r.product.name }));
}

async function assertSkusFree(db: PrismaClient, input: ProductInput, productId: string | null) {
  const [taken] = await skuOwners(db, { skus: input.variants.map((v) => skuOf(input, v)), exclude_product_id: productId });
  if (taken) throw conflict(`SKU ${taken.sku} already exists in another product: ${taken.product_name}`);
}

export async function createProduct(db: PrismaClient, userId: string, input: ProductInput, images: ImageSource) {
  checkRules(input);
  await assertSkusFree(db, input, null);
  // Outside images are fetched and stored before the transaction, which stays short.
  input = { ...input, images: await resolveProductImages(images, input.images) };
  const id = await withSkuConflict(() =>
    unitOfWork(db, async (tx) => {
      noteCatalogueChanged(tx, 'product');
      const product = await tx.product.create({ data: { id: newId(), ...productData(input) }, select: { id: true } });
      await replaceImages(tx, product.id, input.images);
      for (const v of input.variants) await createVariant(tx, product.id, input, v, userId);
      await announce('productSaved', tx, 'product.created', product.id);
      return product.id;
    }),
  );
  return getProduct(db, id);
}

async function createVariant(tx: Tx, productId: string, p: ProductInput, v: VariantInput, userId: string) {
  const created = await tx.variant.create({
    data: { id: newId(), ...variantData(p, v), productId, onHand: v.on_hand, priceTiers: { create: tierRows(v).map((t) => ({ id: newId(), ...t })) } },
    select: { id: true, sku: true },
  });
  if (v.on_hand > 0) {
    await writeLedger(tx, [
      { variantId: created.id, subject: created.sku, field: 'on_hand', reason: 'manual_adjustment', notes: 'Opening stock (product form)', before: 0, after: v.on_hand, userId },
    ]);
  }
}

export async function updateProduct(db: PrismaClient, userId: string, id: string, input: ProductInput, images: ImageSource) {
  checkRules(input);
  await assertSkusFree(db, input, id);
  input = { ...input, images: await resolveProductImages(images, input.images) };
  await withSkuConflict(() =>
    unitOfWork(db, async (tx) => {
      const existing = await tx.product.findUnique({ where: { id }, select: { id: true } });
      if (!existing) throw notFound('Product not found');
      noteCatalogueChanged(tx, 'product');
      await tx.product.update({ where: { id }, data: productData(input), select: { id: true } });
      await replaceImages(tx, id, input.images);
      // Lock this product's variants so stock edits here and on the packing screen never interleave.
      const current = await lockProductVariantStock(tx, id);
      const byId = new Map(current.map((v) => [v.id, v]));
      const keep = new Set(input.variants.map((v) => v.variant_id).filter((vid): vid is string => !!vid && byId.has(vid)));
      const removed = current.filter((v) => !keep.has(v.id)).map((v) => v.id);
      const busy = current.find((v) => removed.includes(v.id) && v.allocated > 0);
      if (busy) throw conflict(`Cannot delete ${busy.sku}: ${busy.allocated} unit(s) are allocated to open orders`);
      // Deleting variants cascades to cart lines; order lines keep their snapshots (variantId set null).
      if (removed.length) await tx.variant.deleteMany({ where: { id: { in: removed } } });
      const ledger: LedgerEntry[] = [];
      for (const v of input.variants) {
        const old = v.variant_id ? byId.get(v.variant_id) : undefined;
        if (!old) {
          await createVariant(tx, id, input, v, userId);
          continue;
        }
        if (v.on_hand < old.allocated) {
          throw conflict(`On hand for ${old.sku} cannot be less than the ${old.allocated} unit(s) allocated to open orders`);
        }
        const data = variantData(input, v);
        await tx.variant.update({ where: { id: old.id }, data: { ...data, onHand: v.on_hand }, select: { id: true } });
        await tx.priceTier.deleteMany({ where: { variantId: old.id } });
        await tx.priceTier.createMany({ data: tierRows(v).map((t) => ({ id: newId(), ...t, variantId: old.id })) });
        const notes = 'Edited in the product form';
        if (v.on_hand !== old.onHand) ledger.push({ variantId: old.id, subject: data.sku, field: 'on_hand', reason: 'manual_adjustment', notes, before: old.onHand, after: v.on_hand, userId });
        if (v.safety_stock !== old.safetyStock) ledger.push({ variantId: old.id, subject: data.sku, field: 'safety_stock', reason: 'manual_adjustment', notes, before: old.safetyStock, after: v.safety_stock, userId });
      }
      await writeLedger(tx, ledger);
      await announce('productSaved', tx, 'product.updated', id);
    }),
  );
  return getProduct(db, id);
}

/** Variants (and their cart lines) go with the product; orders keep their line snapshots. */
export async function deleteProduct(db: PrismaClient, id: string) {
  const busy = await db.variant.findFirst({ where: { productId: id, allocated: { gt: 0 } }, select: { sku: true, allocated: true } });
  if (busy) throw conflict(`Cannot delete this product: ${busy.allocated} unit(s) of ${busy.sku} are allocated to open orders`);
  // One transaction, so product.deleted exists exactly when the product is gone.
  await unitOfWork(db, async (tx) => {
      noteCatalogueChanged(tx, 'product');
      await announce('productDeleted', tx, id);
      const { count } = await tx.product.deleteMany({ where: { id } });
      if (!count) throw notFound('Product not found');
    });
  return { ok: true, message: 'Product deleted' };
}

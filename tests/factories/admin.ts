import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '@prisma/client';
import { newId } from '../../server/db/ids';

const uid = () => randomBytes(3).toString('hex');

/** A product form payload (wire shape) with the given variants; sizes are unique per call. */
// Each product gets its own width, so SKUs (which include the size) never collide within a file.
let nextWidth = 10;

export function productPayload(over: Record<string, unknown> = {}, variants?: Array<Record<string, unknown>>) {
  const w = nextWidth++;
  return {
    name: `Test Mailer ${uid()}`,
    description: 'Tough mailers for tests',
    category: 'polymailers',
    color: 'black',
    type: 'normal',
    specifications: { Material: 'LDPE' },
    seo_title: 'Test mailers',
    seo_description: 'Mailers for tests',
    seo_keywords: 'mailers, test',
    images: [],
    variants: variants ?? [
      { width_cm: w, height_cm: 35, pack_size: 50, price_tiers: [{ min_quantity: 25, price: 12.5 }, { min_quantity: 100, price: 10 }], on_hand: 40, safety_stock: 2 },
      { width_cm: w, height_cm: 35, pack_size: 100, price_tiers: [{ min_quantity: 25, price: 22 }], on_hand: 10, safety_stock: 0 },
    ],
    ...over,
  };
}

/** A placed order with stock allocated, as checkout leaves it (allocated += q per line, gifts too). */
export async function createAllocatedOrder(
  db: PrismaClient,
  opts: { userId?: string | null; email?: string; lines: Array<{ variantId: string; quantity: number }>; gifts?: Array<{ giftItemId: string }> },
) {
  return db.$transaction(async (tx) => {
    const items = [];
    for (const l of opts.lines) {
      const v = await tx.variant.update({
        where: { id: l.variantId },
        data: { allocated: { increment: l.quantity } },
        select: { id: true, sku: true, productId: true, basePriceCents: true, packSize: true, sizeCode: true, color: true, type: true, product: { select: { name: true } } },
      });
      items.push({ id: newId(), variantId: v.id, productId: v.productId, productName: v.product.name, sku: v.sku, attributes: { size: v.sizeCode, color: v.color, pack_size: v.packSize, type: v.type }, unitPriceCents: v.basePriceCents, quantity: l.quantity, lineTotalCents: v.basePriceCents * l.quantity });
    }
    const gifts = [];
    for (const g of opts.gifts ?? []) {
      const gi = await tx.giftItem.update({ where: { id: g.giftItemId }, data: { allocated: { increment: 1 } }, select: { id: true, name: true } });
      gifts.push({ id: newId(), giftItemId: gi.id, giftName: gi.name, quantity: 1 });
    }
    const subtotal = items.reduce((s, i) => s + i.lineTotalCents, 0);
    return tx.order.create({
      data: {
        id: newId(),
        orderNumber: `PS-TEST-${uid().toUpperCase()}`,
        userId: opts.userId ?? null,
        email: opts.email ?? 'buyer@example.com',
        subtotalCents: subtotal,
        gstCents: Math.round((subtotal * 9) / 109),
        totalCents: subtotal,
        shipFullName: 'Mei Tan',
        shipPhone: '+65 9123 4567',
        shipLine1: '1 Test Street',
        shipPostalCode: '123456',
        shipCity: 'Singapore',
        shipState: 'Singapore',
        shipCountry: 'SG',
        items: { create: items },
        gifts: { create: gifts },
      },
      select: { id: true, orderNumber: true },
    });
  });
}

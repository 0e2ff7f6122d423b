import type { PrismaClient } from '@prisma/client';
import { conflict, notFound } from '../../../shared/errors';
import { renderPackingSlips, type SlipSize } from '../../documents/packing-slip';
import { shipAddressSelect } from './order.mapper';
import { renderTaxInvoice } from '../../documents/tax-invoice';
import { companyOf } from '../../auth/user.mapper';
import { getShopProfile } from '../settings/shop-profile.service';
import { numberDueInvoices } from './invoice-numbering';
import { shipAddressLines } from './ship-address';
import { orderScopeWhere, type OrderScope } from './order-scope';

/**
 * The tax invoice of an order as a PDF. With ownerId, only that user's order is found (anyone
 * else's answers 404 like an unknown one); staff pass null.
 */
export async function taxInvoicePdf(db: PrismaClient, orderId: string, scope: OrderScope) {
  const o = await db.order.findFirst({
    where: { id: orderId, ...orderScopeWhere(scope) },
    select: {
      orderNumber: true,
      invoiceNumber: true,
      invoiceDue: true,
      createdAt: true,
      email: true,
      subtotalCents: true,
      discountCents: true,
      couponCode: true,
      shippingCents: true,
      gstCents: true,
      totalCents: true,
      buyerCompany: true,
      paymentMethod: true,
      poNumber: true,
      dueDate: true,
      paidCents: true,
      ...shipAddressSelect,
      items: { orderBy: { id: 'asc' }, select: { productName: true, sku: true, quantity: true, unitPriceCents: true, lineTotalCents: true } },
      gifts: { orderBy: { id: 'asc' }, select: { giftName: true, quantity: true } },
    },
  });
  if (!o) throw notFound('Order not found');
  // Placed but not numbered yet (its numbering step failed or the shop stopped in between): numbered now.
  if (o.invoiceNumber == null && o.invoiceDue) {
    await numberDueInvoices(db);
    o.invoiceNumber = (await db.order.findUniqueOrThrow({ where: { id: orderId }, select: { invoiceNumber: true } })).invoiceNumber;
  }
  // Orders placed before invoice numbering existed have none; they get no invoice rather than a made-up number.
  if (o.invoiceNumber == null) throw conflict('This order has no tax invoice number');
  const shop = await getShopProfile(db);
  const pdf = await renderTaxInvoice(shop, {
    invoiceNumber: o.invoiceNumber,
    orderNumber: o.orderNumber,
    issuedAt: o.createdAt,
    buyer: {
      name: o.shipFullName,
      email: o.email,
      lines: shipAddressLines(o),
    },
    company: companyOf(o.buyerCompany),
    items: o.items.map((i) => ({ name: i.productName, sku: i.sku, quantity: i.quantity, unitPriceCents: i.unitPriceCents, lineTotalCents: i.lineTotalCents })),
    gifts: o.gifts.map((g) => ({ name: g.giftName, quantity: g.quantity })),
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    couponCode: o.couponCode,
    shippingCents: o.shippingCents,
    gstCents: o.gstCents,
    totalCents: o.totalCents,
    terms: o.paymentMethod === 'invoice' && o.dueDate ? { poNumber: o.poNumber, dueDay: o.dueDate.toISOString().slice(0, 10), paidCents: o.paidCents } : null,
  });
  return { pdf, filename: `tax-invoice-${o.orderNumber}.pdf` };
}

/** Packing slips for several orders in one PDF, in the order the ids were given. */
export async function packingSlipsPdf(db: PrismaClient, ids: string[], size: SlipSize) {
  const rows = await db.order.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      orderNumber: true,
      createdAt: true,
      ...shipAddressSelect,
      items: { orderBy: { id: 'asc' }, select: { productName: true, sku: true, quantity: true } },
      gifts: { orderBy: { id: 'asc' }, select: { giftName: true, quantity: true } },
    },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw notFound(`Order not found: ${missing}`);
  const shop = await getShopProfile(db);
  const pdf = await renderPackingSlips(
    shop.shop_name,
    ids.map((id) => {
      const o = byId.get(id)!;
      return {
        orderNumber: o.orderNumber,
        placedAt: o.createdAt,
        shipTo: [o.shipFullName, ...shipAddressLines(o)],
        items: o.items.map((i) => ({ name: i.productName, sku: i.sku, quantity: i.quantity })),
        gifts: o.gifts.map((g) => ({ name: g.giftName, quantity: g.quantity })),
      };
    }),
    size,
  );
  return { pdf, filename: ids.length === 1 ? `packing-slip-${rows[0].orderNumber}.pdf` : `packing-slips-${ids.length}.pdf` };
}

import { renderEmail, type MailContext } from '../render';

export interface LowStockLine {
  sku: string;
  name: string;
  available: number;
}

/** To staff, when an order takes variants down to the low-stock threshold (once per crossing). */
export function lowStockEmail(ctx: MailContext, lines: LowStockLine[], orderNumber: string) {
  return renderEmail(ctx, `Low stock: ${lines.map((l) => l.sku).join(', ')}`, [
    { kind: 'p', text: `Order ${orderNumber} took these variants to the low-stock level:` },
    { kind: 'table', head: ['SKU', 'Product', 'Available'], rows: lines.map((l) => [l.sku, l.name, String(l.available)]), alignRight: [2] },
    { kind: 'p', text: 'The stock cover report says how many days each variant has left at its sales rate and how many packs to reorder.' },
    { kind: 'button', label: 'Open stock cover and reorder', url: `${ctx.publicUrl}/admin/reports/stock-cover?flagged=true` },
    { kind: 'p', text: `Inventory: ${ctx.publicUrl}/admin/inventory` },
  ]);
}

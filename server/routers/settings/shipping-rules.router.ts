import { z } from 'zod';
import type { ShippingRules } from '../../../shared/domain/shipping';
import { toCents, toDollars } from '../../../shared/domain/money';
import { shippingRulesSchema, type ShippingRulesDto } from '../../../shared/schemas/shipping.schema';
import { loadShippingRules, saveShippingRules } from '../../services/settings/shipping-rules.service';
import { router } from '../../trpc/init';
import { adminProcedure } from '../../trpc/procedures';

const toDto = (r: ShippingRules): ShippingRulesDto => {
  const one = (c: ShippingRules['SG']) => ({
    base_fee: toDollars(c.base_fee_cents),
    included_weight_kg: c.included_weight_grams / 1000,
    per_extra_kg_fee: toDollars(c.per_extra_kg_cents),
    free_shipping_threshold: c.free_from_subtotal_cents === null ? null : toDollars(c.free_from_subtotal_cents),
  });
  return { SG: one(r.SG), MY: one(r.MY) };
};
const fromDto = (d: ShippingRulesDto): ShippingRules => {
  const one = (c: ShippingRulesDto['SG']) => ({
    base_fee_cents: toCents(c.base_fee),
    included_weight_grams: Math.round(c.included_weight_kg * 1000),
    per_extra_kg_cents: toCents(c.per_extra_kg_fee),
    free_from_subtotal_cents: c.free_shipping_threshold === null ? null : toCents(c.free_shipping_threshold),
  });
  return { SG: one(d.SG), MY: one(d.MY) };
};

/**
 * The shipping rule, a setting because the specification gives none
 * (docs/decisions/0033-shipping-rule-setting.md): admins read and change it; carts use it at once.
 */
export const shippingAdminRouter = router({
  get: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/shipping', tags: ['admin'], summary: 'Shipping rules per country', protect: true } })
    .input(z.object({}).optional())
    .output(shippingRulesSchema)
    .query(async ({ ctx }) => toDto(await loadShippingRules(ctx.db))),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/shipping', tags: ['admin'], summary: 'Change the shipping rules', protect: true } })
    .input(shippingRulesSchema)
    .output(shippingRulesSchema)
    .mutation(async ({ ctx, input }) => toDto(await saveShippingRules(ctx.db, fromDto(input)))),
});

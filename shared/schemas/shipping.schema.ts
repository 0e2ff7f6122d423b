import { z } from 'zod';

const dollars = z.number({ error: 'Amount must be a number' }).finite().min(0, 'Amounts cannot be negative').max(10_000, 'Amount is too large');

/** One country's shipping rule on the wire (dollars and kilograms). */
const countryShippingRule = z.object({
  base_fee: dollars,
  /** Weight the base fee covers; 0 = flat fee whatever the weight. */
  included_weight_kg: z.number().finite().min(0).max(1000),
  per_extra_kg_fee: dollars,
  /** Free shipping from this subtotal; null = never free. */
  free_shipping_threshold: dollars.nullable(),
});

export const shippingRulesSchema = z.object({ SG: countryShippingRule, MY: countryShippingRule });
export type ShippingRulesDto = z.infer<typeof shippingRulesSchema>;

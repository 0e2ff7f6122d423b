import { z } from 'zod';
import { GUEST_ID_PATTERN, GUEST_ID_RULE } from '../domain/guest-id';

/** Ids are cuid strings; anything else is refused before it reaches the database. */
export const idSchema = z.string().trim().min(1, 'Id is required').max(64, 'Id is too long');
export const idParam = z.object({ id: idSchema });

/** The X-Session-Id header: a guest id the browser made with 128 random bits (shared/domain/guest-id.ts). */
export const guestIdSchema = z.string().regex(GUEST_ID_PATTERN, GUEST_ID_RULE);

/** An SGD amount on the wire: dollars with at most two decimals. */
export const moneySchema = z.number().finite().min(0).max(1_000_000);

export const okOutput = z.object({ ok: z.boolean(), message: z.string().optional() });
export const messageOutput = z.object({ message: z.string() });

/** A variant's order quantity rules on the wire (shared/domain/quantity-rules.ts): null is no rule. */
export const quantityRulesOutput = {
  order_minimum: z.number().int().nullable().describe('Smallest quantity of a cart line, or null'),
  order_multiple: z.number().int().nullable().describe('A line is a whole number of this (a carton), or null'),
  order_maximum: z.number().int().nullable().describe('Largest quantity of a cart line, or null'),
};

// The first statements of an order, the shopper's own rows and the rules it is priced by, as SQL
// (docs/decisions/0080-order-placement-typed-sql.md, 0140): placing an order is the hottest write
// path and its statements are fixed, so each does its step in one round trip and every row that
// comes back is checked by a zod schema. They run on the pg connection of sqlUnitOfWork (a cart's
// order) or on Prisma's transaction (an accepted quote): both are SqlClients. The rules stay in
// the steps and shared/domain; these functions only read and write.
import { z } from 'zod';
import { newId } from '../../../db/ids';
import type { SqlClient as Tx } from '../../../db/sql-client';
import { int, json } from '../../../db/sql-rows';
import type { CartRow } from '../../cart/cart-view';
import { readCartRow } from '../../cart/cart.sql';

const ruleRows = z.object({
  cartId: z.string().nullable(),
  /** Setting values by key (shipping rule, shop profile, payment settings); absent keys were never saved. */
  settings: json(z.record(z.string(), z.unknown()).nullable()),
  tiers: json(
    z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        spendingThresholdCents: int,
        giftLimit: int,
        isActive: z.boolean(),
        items: z.array(
          z.object({ id: z.string(), name: z.string(), description: z.string(), imageUrl: z.string().nullable(), stockQuantity: int, allocated: int, isActive: z.boolean() }),
        ),
      }),
    ),
  ),
  coupon: json(
    z
      .object({
        id: z.string(),
        code: z.string(),
        type: z.enum(['percent', 'fixed']),
        value: int,
        minOrderCents: int,
        validFrom: z.number().transform((ms) => new Date(ms)),
        validTo: z.number().transform((ms) => new Date(ms)),
        isActive: z.boolean(),
        usageLimit: int.nullable(),
        usageLimitPerCustomer: int.nullable(),
      })
      .nullable(),
  ),
});
export type PlacementRules = z.infer<typeof ruleRows>;

/**
 * The first statement of an order: claims the idempotency key (when there is one), locks the
 * shopper's cart row (unless the order is an accepted quote, which has no cart), and reads the rules
 * the order is priced by as they are now: the settings named in `settingKeys`, the active gift tiers
 * with their gifts, and the coupon by `code` (normalised), or by the cart's own code when none was
 * sent. One round trip: these rules used to be four reads of their own.
 *
 * A concurrent request with the same key waits on the key's unique index and then fails as a unique
 * violation; a second tab placing the same cart waits on the cart row and then finds it deleted. The
 * locked row is read as it is after the wait (READ COMMITTED re-reads a row whose lock it waited
 * for), so the cart's coupon is the current one.
 */
export async function claimAndReadRules(
  tx: Tx,
  o: { userId: string; key: string | null; lockCart: boolean; code: string | null; settingKeys: string[] },
): Promise<PlacementRules> {
  const rows = await tx.$queryRaw<unknown[]>`
    WITH claim AS (
      INSERT INTO "IdempotencyKey" ("id", "scope", "owner", "key")
      SELECT ${newId()}, 'order', ${o.userId}, ${o.key}::text WHERE ${o.key}::text IS NOT NULL
    ), cart AS (
      SELECT "id", "couponCode" FROM "Cart" WHERE ${o.lockCart}::boolean AND "userId" = ${o.userId} FOR UPDATE
    )
    SELECT
      (SELECT "id" FROM cart) AS "cartId",
      (SELECT jsonb_object_agg(s."key", s."value") FROM "Setting" s
        WHERE s."key" IN (SELECT jsonb_array_elements_text(${JSON.stringify(o.settingKeys)}::jsonb))) AS "settings",
      COALESCE((SELECT jsonb_agg(jsonb_build_object('id', t."id", 'name', t."name", 'spendingThresholdCents', t."spendingThresholdCents",
          'giftLimit', t."giftLimit", 'isActive', t."isActive", 'items', COALESCE((
            SELECT jsonb_agg(jsonb_build_object('id', g."id", 'name', g."name", 'description', g."description", 'imageUrl', g."imageUrl",
              'stockQuantity', g."stockQuantity", 'allocated', g."allocated", 'isActive', g."isActive") ORDER BY g."id")
            FROM "GiftTierItem" ti JOIN "GiftItem" g ON g."id" = ti."giftItemId" WHERE ti."tierId" = t."id"), '[]'::jsonb))
          ORDER BY t."spendingThresholdCents", t."id")
        FROM "GiftTier" t WHERE t."isActive"), '[]'::jsonb) AS "tiers",
      (SELECT jsonb_build_object('id', c."id", 'code', c."code", 'type', c."type", 'value', c."value", 'minOrderCents', c."minOrderCents",
          'validFrom', (extract(epoch FROM c."validFrom") * 1000)::float8, 'validTo', (extract(epoch FROM c."validTo") * 1000)::float8,
          'isActive', c."isActive", 'usageLimit', c."usageLimit", 'usageLimitPerCustomer', c."usageLimitPerCustomer")
        FROM "Coupon" c WHERE c."code" = COALESCE(${o.code}::text, (SELECT "couponCode" FROM cart))) AS "coupon"`;
  return ruleRows.parse(rows[0]);
}

/**
 * The locked cart with its lines (cart.sql.ts, the read every cart answer uses): read in a statement
 * of its own after the lock, so it sees every change committed before the lock was granted.
 */
export async function readCart(tx: Tx, cartId: string): Promise<CartRow> {
  const cart = await readCartRow(tx, { id: cartId });
  if (!cart) throw new Error(`Locked cart ${cartId} is gone`);
  return cart;
}

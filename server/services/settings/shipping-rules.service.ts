import type { Prisma, PrismaClient } from '@prisma/client';
import { notePromotionsChanged, unitOfWork } from '../../db/unit-of-work';
import { normaliseShippingRules, SHIPPING_RULES_KEY, type ShippingRules } from '../../../shared/domain/shipping';

type Db = Prisma.TransactionClient;

/** The admin-editable shipping rule (Setting 'shipping_rules'), defaults when never saved. */
export async function loadShippingRules(db: Db): Promise<ShippingRules> {
  const row = await db.setting.findUnique({ where: { key: SHIPPING_RULES_KEY }, select: { value: true } });
  return normaliseShippingRules(row?.value ?? null);
}

/** Carts see the new rule at once, here and on other instances (the promotion cache is dropped). */
export async function saveShippingRules(db: PrismaClient, rules: ShippingRules): Promise<ShippingRules> {
  const value = normaliseShippingRules(rules);
  await unitOfWork(db, async (tx) => {
    notePromotionsChanged(tx);
    await tx.setting.upsert({
      where: { key: SHIPPING_RULES_KEY },
      create: { key: SHIPPING_RULES_KEY, value: value as unknown as Prisma.InputJsonValue },
      update: { value: value as unknown as Prisma.InputJsonValue },
    });
  });
  return value;
}

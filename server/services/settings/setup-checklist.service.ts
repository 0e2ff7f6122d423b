import type { PrismaClient } from '@prisma/client';
import { SHIPPING_RULES_KEY } from '../../../shared/domain/shipping';
import { setupChecklist, type SetupChecklist } from '../../../shared/domain/setup-checklist';
import type { BackupCenter } from '../../backups/center';
import { getPaymentOptions } from './payment-settings.service';
import { getShopProfile, SHOP_PROFILE_KEY } from './shop-profile.service';

interface SetupDeps {
  db: PrismaClient;
  smtpConfigured: boolean;
  stripe: boolean;
  backups: BackupCenter;
}

/**
 * The facts behind the dashboard's first-run checklist (shared/domain/setup-checklist.ts): a setting
 * counts as set up once it was saved (the seed writes none of them), the rest is configuration.
 */
export async function readSetupChecklist(deps: SetupDeps): Promise<SetupChecklist> {
  const [saved, profile, payment, backups] = await Promise.all([
    deps.db.setting.findMany({ where: { key: { in: [SHOP_PROFILE_KEY, SHIPPING_RULES_KEY] } }, select: { key: true } }),
    getShopProfile(deps.db),
    getPaymentOptions(deps.db),
    deps.backups.list(),
  ]);
  const keys = new Set(saved.map((s) => s.key));
  return setupChecklist({
    shopDetailsSaved: keys.has(SHOP_PROFILE_KEY),
    gstRegistrationNumber: profile.gst_registration_number,
    stripe: deps.stripe,
    paynow: payment.paynow !== null,
    bankTransfer: payment.bank_transfer !== null,
    shippingSaved: keys.has(SHIPPING_RULES_KEY),
    smtpConfigured: deps.smtpConfigured,
    backupsEnabled: backups.enabled,
    backupsHealthy: backups.newest_good_at !== null && backups.warning === null,
  });
}

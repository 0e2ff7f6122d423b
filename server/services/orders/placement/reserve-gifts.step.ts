// Step 7: gift stock, one conditional update (with its ledger row) per chosen gift in id order
// (gifts are few and rare), after the variants and products of step 5.
import type { GiftSelection } from '../../../../shared/domain/gift-tiers';
import { AppError } from '../../../../shared/errors';
import { stockConflicts } from '../../../lib/metrics';
import type { SqlClient } from '../../../db/sql-client';
import type { LinesToPlace } from './read-lines.step';
import { allocateGift } from './reserve-gifts.sql';

export async function reserveGiftsStep(tx: SqlClient, selections: GiftSelection[], tiers: LinesToPlace['tiers'], ref: { userId: string; orderId: string }) {
  for (const s of [...selections].sort((a, b) => (a.giftId < b.giftId ? -1 : 1))) {
    if ((await allocateGift(tx, s.giftId, ref)) === null) {
      stockConflicts.inc();
      const name = tiers.flatMap((t) => t.items).find((g) => g.id === s.giftId)?.name;
      throw new AppError('CONFLICT', `Sorry, ${name ?? 'this gift'} has just run out. Please choose another gift.`);
    }
  }
}

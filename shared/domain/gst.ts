import { GST_RATE_PERCENT } from '../constants';

/**
 * GST inside a GST-inclusive amount (Singapore practice: shelf prices include GST), in cents.
 * The GST shown is extracted from the total paid, never added on top: round(total x 9 / 109).
 */
export function gstIncludedIn(totalCents: number): number {
  if (totalCents <= 0) return 0;
  return Math.round((totalCents * GST_RATE_PERCENT) / (100 + GST_RATE_PERCENT));
}

import { formatMoney } from '../../../shared/domain/money';
import type { PriceRange } from '../../../shared/schemas/catalog.schema';

/** "$9.90" for one price, "$9.90 - $129.90" for a range. */
export const formatPriceRange = ({ min, max }: PriceRange): string =>
  Math.abs(max - min) < 0.005 ? formatMoney(min) : `${formatMoney(min)} - ${formatMoney(max)}`;

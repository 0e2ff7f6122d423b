import { formatMoney } from '../../../shared/domain/money';

/** '$12.50', or 'Free' for a zero shipping fee (docs/spec/storefront.md section 9). */
export const money = (dollars: number) => formatMoney(dollars);
export const shippingLabel = (fee: number) => (fee === 0 ? 'Free' : formatMoney(fee));

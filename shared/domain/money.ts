import { CURRENCY, LOCALE } from '../constants';

/** Money is integer cents inside the system; the wire carries dollars with two decimals. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => Math.round(cents) / 100;

const formatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
/** "$12.50" style formatting for SGD amounts given in dollars. */
export const formatMoney = (dollars: number): string => formatter.format(dollars).replace('SGD', '$');

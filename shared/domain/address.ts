// Address rules shared by the account form, the checkout form and the server.
import { COUNTRIES, POSTAL_CODE_LENGTH, type Country } from '../constants';

const isCountry = (c: string): c is Country => (COUNTRIES as readonly string[]).includes(c);

/** Postal codes are all digits: 6 in Singapore, 5 in Malaysia. */
export function postalCodeProblem(country: string, postalCode: string): string | null {
  if (!isCountry(country)) return 'We ship to Singapore and Malaysia only';
  const len = POSTAL_CODE_LENGTH[country];
  const name = country === 'SG' ? 'Singapore' : 'Malaysian';
  return new RegExp(`^\\d{${len}}$`).test(postalCode.trim()) ? null : `${name} postal codes have ${len} digits`;
}

/** City and state filled in when the shopper picks a country (storefront.md section 5). */
export const COUNTRY_DEFAULTS: Record<Country, { city: string; state: string }> = {
  SG: { city: 'Singapore', state: 'Singapore' },
  MY: { city: 'Kuala Lumpur', state: 'Selangor' },
};

export const COUNTRY_NAMES: Record<Country, string> = { SG: 'Singapore', MY: 'Malaysia' };

/** Splits a full name into first and last for the order's shipping_address. */
export function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const parts = fullName.trim().split(/\s+/);
  if (parts.length <= 1) return { first_name: parts[0] ?? '', last_name: '' };
  return { first_name: parts.slice(0, -1).join(' '), last_name: parts[parts.length - 1] };
}

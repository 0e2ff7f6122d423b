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

/** City and state filled in when the shopper picks a country (docs/spec/storefront.md section 5). */
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

/**
 * A Singapore address's city and state are Singapore (a city-state), so a saved address that left
 * them blank gets them; a Malaysian one has no such truth and stays blank until checkout asks
 * (decision 0171).
 */
export function withCountryDefaults(country: string, city: string | null | undefined, state: string | null | undefined): { city: string; state: string } {
  const fill = country === 'SG' ? COUNTRY_DEFAULTS.SG : { city: '', state: '' };
  return { city: city?.trim() || fill.city, state: state?.trim() || fill.state };
}

/** What a saved address (a buyer's or a company's) stores from its form: blanks as null, the country's defaults filled. */
export function addressColumns(a: { fullName: string; phone: string; addressLine1: string; addressLine2?: string | null; unit?: string | null; postalCode: string; city?: string | null; state?: string | null; country: string }) {
  return {
    fullName: a.fullName,
    phone: a.phone,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 || null,
    unit: a.unit || null,
    postalCode: a.postalCode,
    ...withCountryDefaults(a.country, a.city, a.state),
    country: a.country,
  };
}

/** Every address field a form shows an error under. */
export type AddressField = 'fullName' | 'phone' | 'addressLine1' | 'postalCode' | 'city' | 'state';

/** The words of each required field, said alike under the field and by the server. */
export const REQUIRED_MESSAGE: Record<AddressField, string> = {
  fullName: 'Full name is required',
  phone: 'Phone is required',
  addressLine1: 'Address line 1 is required',
  postalCode: 'Postal code is required',
  city: 'City is required',
  state: 'State is required',
};

export const INVALID_PHONE = 'Please enter a valid phone number';

/** A phone number as written anywhere (+65 9123 4567, (03) 1234-5678): those characters, 7 to 15 digits (E.164's most). */
export function phoneProblem(phone: string): string | null {
  const p = phone.trim();
  if (!/^[+0-9 ()-]*$/.test(p)) return INVALID_PHONE;
  const digits = p.replace(/\D/g, '').length;
  return digits < 7 || digits > 15 ? INVALID_PHONE : null;
}

interface AddressLike {
  fullName: string;
  phone: string;
  addressLine1: string;
  postalCode: string;
  city?: string | null;
  state?: string | null;
  country: string;
}

/**
 * What is wrong with each field, in the form's order, for the browser to show under the fields
 * before sending (the server's schema applies the same rules and words). City and state are
 * required at checkout only (docs/spec/storefront.md section 5).
 */
export function addressProblems(a: AddressLike, { cityAndState }: { cityAndState: boolean }): Partial<Record<AddressField, string>> {
  const problems: Partial<Record<AddressField, string>> = {};
  const blank = (s: string | null | undefined) => !s?.trim();
  if (blank(a.fullName)) problems.fullName = REQUIRED_MESSAGE.fullName;
  if (blank(a.phone)) problems.phone = REQUIRED_MESSAGE.phone;
  else {
    const phone = phoneProblem(a.phone);
    if (phone) problems.phone = phone;
  }
  if (blank(a.addressLine1)) problems.addressLine1 = REQUIRED_MESSAGE.addressLine1;
  if (blank(a.postalCode)) problems.postalCode = REQUIRED_MESSAGE.postalCode;
  else {
    const postal = postalCodeProblem(a.country, a.postalCode);
    if (postal) problems.postalCode = postal;
  }
  if (cityAndState && blank(a.city)) problems.city = REQUIRED_MESSAGE.city;
  if (cityAndState && blank(a.state)) problems.state = REQUIRED_MESSAGE.state;
  return problems;
}

// A business buyer's company as it prints on a tax invoice, checked the same way in the account
// form and on the server. A buyer claiming input tax needs its registered name and numbers on the
// invoice, so a number in the wrong format is refused with what the format is, not stored as typed.
import type { Country } from '../constants';

/** Numbers are printed as the registries write them: upper case, no spaces. */
export const normaliseCompanyNumber = (value: string) => value.trim().toUpperCase().replace(/\s+/g, '');

// Singapore UEN (ACRA): a business 8 digits + letter (53012345D); a local company year + 5 digits +
// letter (201912345K); other entities T/S/R + year + 2-letter entity type + 4 digits + letter (T09LL0001B).
const UEN = /^(\d{8}[A-Z]|(19|20)\d{7}[A-Z]|[RST]\d{2}[A-Z]{2}\d{4}[A-Z])$/;
// Malaysia SSM: the 12-digit number since 2019 (202001012345, year + entity type + serial), or the
// old company (123456-A) and business (JM0123456-X, 001234567-P) numbers.
const SSM = /^(\d{12}|\d{1,7}-?[A-Z]|([A-Z]{2})?\d{7,9}-?[A-Z])$/;
// Singapore GST registration: the UEN, or M/MR/M2-style numbers (M90312345A, MR8500001A).
const SG_GST = /^(\d{8}[A-Z]|(19|20)\d{7}[A-Z]|[RST]\d{2}[A-Z]{2}\d{4}[A-Z]|M[A-Z0-9]\d{7,8}[A-Z])$/;
// Malaysia SST registration: W10-1808-31000001 (a letter and three groups of digits).
const MY_SST = /^[A-Z]\d{2}-\d{4}-\d{8}$/;

export function registrationNumberProblem(country: Country, value: string): string | null {
  const v = normaliseCompanyNumber(value);
  if (country === 'SG') {
    return UEN.test(v) ? null : 'Enter the UEN as ACRA issued it, for example 201912345K or 53012345D';
  }
  return SSM.test(v) ? null : 'Enter the SSM registration number, for example 202001012345 or 123456-A';
}

export function taxNumberProblem(country: Country, value: string): string | null {
  const v = normaliseCompanyNumber(value);
  if (country === 'SG') {
    return SG_GST.test(v) ? null : 'Enter the GST registration number, for example M90312345A or your UEN';
  }
  return MY_SST.test(v) ? null : 'Enter the SST registration number, for example W10-1808-31000001';
}

import { describe, expect, it } from 'vitest';
import { addressProblems, phoneProblem, postalCodeProblem, splitFullName, withCountryDefaults } from './address';

describe('postalCodeProblem', () => {
  it('wants 6 digits in Singapore and 5 in Malaysia', () => {
    expect(postalCodeProblem('SG', '123456')).toBeNull();
    expect(postalCodeProblem('SG', '12345')).toBe('Singapore postal codes have 6 digits');
    expect(postalCodeProblem('SG', '12345a')).not.toBeNull();
    expect(postalCodeProblem('MY', '50450')).toBeNull();
    expect(postalCodeProblem('MY', '504500')).toBe('Malaysian postal codes have 5 digits');
  });
  it('refuses other countries', () => {
    expect(postalCodeProblem('US', '12345')).toBe('We ship to Singapore and Malaysia only');
  });
});

describe('splitFullName', () => {
  it('keeps the last word as the last name', () => {
    expect(splitFullName(' Tan Mei Ling ')).toEqual({ first_name: 'Tan Mei', last_name: 'Ling' });
    expect(splitFullName('Cher')).toEqual({ first_name: 'Cher', last_name: '' });
  });
});

describe('addressProblems', () => {
  const ok = { fullName: 'Tan', phone: '+65 9123 4567', addressLine1: '1 Orchard Road', postalCode: '238801', city: '', state: '', country: 'SG' };
  it('asks the account form for four fields and checkout for city and state too, in the form order', () => {
    expect(addressProblems(ok, { cityAndState: false })).toEqual({});
    expect(Object.keys(addressProblems({ ...ok, fullName: '', postalCode: '1' }, { cityAndState: true }))).toEqual(['fullName', 'postalCode', 'city', 'state']);
    expect(addressProblems({ ...ok, postalCode: '1' }, { cityAndState: false })).toEqual({ postalCode: 'Singapore postal codes have 6 digits' });
  });
  it('takes phone numbers as people write them, with 7 to 15 digits', () => {
    for (const p of ['+65 9123 4567', '91234567', '(03) 1234-5678', '+60 12 345 6789']) expect(phoneProblem(p)).toBeNull();
    for (const p of ['123', 'ninety', '+65 9123 4567 ext 2', '1234567890123456']) expect(phoneProblem(p)).not.toBeNull();
  });
});

describe('withCountryDefaults', () => {
  it('fills Singapore, never guesses a Malaysian city', () => {
    expect(withCountryDefaults('SG', '', null)).toEqual({ city: 'Singapore', state: 'Singapore' });
    expect(withCountryDefaults('MY', undefined, ' ')).toEqual({ city: '', state: '' });
    expect(withCountryDefaults('MY', 'Ipoh', 'Perak')).toEqual({ city: 'Ipoh', state: 'Perak' });
  });
});

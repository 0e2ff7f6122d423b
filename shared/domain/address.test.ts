import { describe, expect, it } from 'vitest';
import { postalCodeProblem, splitFullName } from './address';

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

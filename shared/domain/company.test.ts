import { describe, expect, it } from 'vitest';
import { normaliseCompanyNumber, registrationNumberProblem, taxNumberProblem } from './company';

describe('company registration numbers', () => {
  it.each(['53012345D', '201912345K', 'T09LL0001B', 's88ss1234a', ' 2019 12345K '])('accepts the Singapore UEN %s', (uen) => {
    expect(registrationNumberProblem('SG', uen)).toBeNull();
  });
  it.each(['12345', '201912345', 'ABCDEFGHI', '2019123456K', 'T09L0001B', ''])('refuses %s as a UEN, saying the format', (uen) => {
    expect(registrationNumberProblem('SG', uen)).toMatch(/UEN/);
  });
  it.each(['202001012345', '123456-A', '123456A', 'JM0123456-X', '001234567-P'])('accepts the SSM number %s', (ssm) => {
    expect(registrationNumberProblem('MY', ssm)).toBeNull();
  });
  it.each(['2020010123', '12345678-AB', 'hello', '53012345D5'])('refuses %s as an SSM number', (ssm) => {
    expect(registrationNumberProblem('MY', ssm)).toMatch(/SSM/);
  });
  it('prints numbers as the registries write them', () => {
    expect(normaliseCompanyNumber(' m9 0312345a ')).toBe('M90312345A');
  });
});

describe('tax registration numbers', () => {
  it('accepts GST numbers and UENs in Singapore, refuses others', () => {
    expect(taxNumberProblem('SG', 'M90312345A')).toBeNull();
    expect(taxNumberProblem('SG', 'MR8500001A')).toBeNull();
    expect(taxNumberProblem('SG', '201912345K')).toBeNull();
    expect(taxNumberProblem('SG', 'GST123')).toMatch(/GST registration number/);
  });
  it('accepts SST numbers in Malaysia, refuses others', () => {
    expect(taxNumberProblem('MY', 'W10-1808-31000001')).toBeNull();
    expect(taxNumberProblem('MY', 'w10-1808-31000001')).toBeNull();
    expect(taxNumberProblem('MY', 'W1018083100001')).toMatch(/SST/);
  });
});

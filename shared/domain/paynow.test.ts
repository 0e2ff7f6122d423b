import { describe, expect, it } from 'vitest';
import { buildPayNowPayload, crc16, decodePayNowPayload, emvAmount, normaliseSgMobile, normaliseUen, payNowCrcValid } from './paynow';

// Payloads published by other PayNow generators, in their own tests or READMEs; ours must produce
// them byte for byte from the same inputs. (The inputs are theirs, including made-up UENs.)
const PUBLISHED = [
  {
    source: 'chewhx/paynowqr, tests/paynow-sg-uen.test.ts (UEN, fixed amount, expiry, reference)',
    input: { proxyType: 'uen', proxy: '201723769K', amountCents: 199, editable: false, expiry: '20221231', reference: 'LP2-INVOICE01', merchantName: 'Lyte Ventures Pte Ltd' },
    payload: '00020101021226490009SG.PAYNOW010120210201723769K0301004082022123152040000530370254041.995802SG5921Lyte Ventures Pte Ltd6009Singapore62170113LP2-INVOICE01630460B8',
  },
  {
    source: 'jaynzr/go-paynow, paynow_test.go TestPayNowUEN (UEN, editable amount)',
    input: { proxyType: 'uen', proxy: 'S99345678ABCD', amountCents: 1234, editable: true, expiry: '99991231', reference: 'INV1234', merchantName: 'ACME Pte Ltd' },
    payload: '00020101021226520009SG.PAYNOW010120213S99345678ABCD03011040899991231520400005303702540512.345802SG5912ACME Pte Ltd6009Singapore62110107INV123463041E74',
  },
  {
    source: 'jaynzr/go-paynow, paynow_test.go TestPayNowMobile (mobile number)',
    input: { proxyType: 'mobile', proxy: '+6590991234', amountCents: 1234, editable: true, expiry: '99991231', reference: 'INV1234', merchantName: 'NA' },
    payload: '00020101021226500009SG.PAYNOW010100211+659099123403011040899991231520400005303702540512.345802SG5902NA6009Singapore62110107INV123463048AF5',
  },
  {
    source: 'tingzhouu/sg-paynow-code, generatePayNowCode test (mobile, static code with an amount)',
    input: { proxyType: 'mobile', proxy: '+6590901234', amountCents: 88888, editable: false, expiry: '20500415', reference: 'Payment reference XX12345678', merchantName: 'NA', initiation: '11' },
    payload: '00020101021126500009SG.PAYNOW010100211+6590901234030100408205004155204000053037025406888.885802SG5902NA6009Singapore62320128Payment reference XX1234567863046B73',
  },
  {
    source: 'daffodilistic/pyPayNowSg, tests/test_payload.py TEST_CODE_1 (UEN with suffix, no amount)',
    input: { proxyType: 'uen', proxy: '200002150HWCF', merchantName: 'NATIONAL HEALTHCARE GRO' },
    payload: '00020101021126400009SG.PAYNOW010120213200002150HWCF030115204000053037025802SG5923NATIONAL HEALTHCARE GRO6009Singapore6304DF3F',
  },
] as const;

describe('PayNow payload', () => {
  for (const example of PUBLISHED) {
    it(`matches ${example.source}`, () => {
      expect(buildPayNowPayload(example.input)).toBe(example.payload);
      expect(payNowCrcValid(example.payload)).toBe(true);
    });
  }

  it('computes CRC-16/CCITT-FALSE (the standard check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('builds an order code: dynamic, amount fixed, order number as reference', () => {
    const payload = buildPayNowPayload({ proxyType: 'uen', proxy: '201912345K', merchantName: 'PackShop Pte. Ltd.', amountCents: 12345, reference: 'PS-20261121-7K3QX9' });
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(decodePayNowPayload(payload)).toEqual({
      proxyType: 'uen',
      proxy: '201912345K',
      editable: false,
      expiry: null,
      amountCents: 12345,
      merchantName: 'PackShop Pte. Ltd.',
      reference: 'PS-20261121-7K3QX9',
      crcValid: true,
    });
  });

  it('notices a changed character through the CRC', () => {
    const good = PUBLISHED[0].payload;
    const bad = good.replace('1.99', '9.99');
    expect(payNowCrcValid(bad)).toBe(false);
    expect(decodePayNowPayload(bad)?.crcValid).toBe(false);
    expect(decodePayNowPayload('not a payload')).toBeNull();
  });

  it('formats amounts with two decimals and refuses names EMVCo cannot carry', () => {
    expect(emvAmount(5)).toBe('0.05');
    expect(emvAmount(100000)).toBe('1000.00');
    const base = { proxyType: 'mobile', proxy: '+6591234567', amountCents: 100 } as const;
    expect(() => buildPayNowPayload({ ...base, merchantName: 'A'.repeat(26) })).toThrow(/25/);
    expect(() => buildPayNowPayload({ ...base, merchantName: 'Café' })).toThrow(/ASCII/);
    expect(() => buildPayNowPayload({ ...base, merchantName: 'Shop', amountCents: 0 })).toThrow(/positive/);
  });
});

describe('PayNow proxies', () => {
  it('accepts the UEN forms (with an optional PayNow suffix) and normalises case and spaces', () => {
    expect(normaliseUen('201912345k')).toBe('201912345K');
    expect(normaliseUen('53123456A')).toBe('53123456A');
    expect(normaliseUen('T08LL1234A')).toBe('T08LL1234A');
    expect(normaliseUen('200002150H WCF')).toBe('200002150HWCF');
    for (const bad of ['', '12345', '2019123456', 'ABCDEFGHIJ', '201912345K12345']) expect(normaliseUen(bad)).toBeNull();
  });

  it('accepts Singapore mobile numbers in the usual spellings', () => {
    for (const ok of ['+65 9123 4567', '91234567', '6581234567', '+65-8123-4567']) expect(normaliseSgMobile(ok)).toMatch(/^\+65[89]\d{7}$/);
    for (const bad of ['61234567', '+60 9123 4567', '9123456', '+65 9123 45678', '']) expect(normaliseSgMobile(bad)).toBeNull();
  });
});

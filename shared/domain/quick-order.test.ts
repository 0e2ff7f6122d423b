import { describe, expect, it } from 'vitest';
import { normalizeSku, parseQuantity, parseQuickOrderLine, parseQuickOrderText } from './quick-order';

describe('parseQuickOrderLine', () => {
  it('reads SKU<TAB>qty, SKU,qty and SKU qty', () => {
    expect(parseQuickOrderLine('PM_NORMAL_WHITE_25x35_50\t10')).toEqual({ sku: 'PM_NORMAL_WHITE_25X35_50', quantityText: '10', quantity: 10 });
    expect(parseQuickOrderLine('pm_normal_white_25x35_50,3')).toEqual({ sku: 'PM_NORMAL_WHITE_25X35_50', quantityText: '3', quantity: 3 });
    expect(parseQuickOrderLine('PM_NORMAL_WHITE_25x35_50 7')).toEqual({ sku: 'PM_NORMAL_WHITE_25X35_50', quantityText: '7', quantity: 7 });
  });

  it('keeps spaces inside a SKU: the quantity is the last field', () => {
    expect(parseQuickOrderLine('POLYMAILERS_NORMAL_BABY BLUE_25x35_50 4')).toMatchObject({ sku: 'POLYMAILERS_NORMAL_BABY BLUE_25X35_50', quantity: 4 });
    expect(parseQuickOrderLine('BUBBLE WRAP_BUBBLE WRAP_WHITE_50x100_1\t2')).toMatchObject({ sku: 'BUBBLE WRAP_BUBBLE WRAP_WHITE_50X100_1', quantity: 2 });
    expect(parseQuickOrderLine('  polymailers_normal_baby   blue_25x35_50   12  ')).toMatchObject({ sku: 'POLYMAILERS_NORMAL_BABY BLUE_25X35_50', quantity: 12 });
  });

  it('takes the first and the last non-empty field of a wider spreadsheet row', () => {
    expect(parseQuickOrderLine('SKU-1\tMailer 25x35\t$9.90\t5\t')).toMatchObject({ sku: 'SKU-1', quantity: 5 });
    expect(parseQuickOrderLine('"SKU, ODD",6')).toMatchObject({ sku: 'SKU, ODD', quantity: 6 });
  });

  it('keeps a bad or missing quantity as typed, with no number', () => {
    expect(parseQuickOrderLine('SKU-1 -3')).toEqual({ sku: 'SKU-1', quantityText: '-3', quantity: null });
    expect(parseQuickOrderLine('SKU-1,2.5')).toEqual({ sku: 'SKU-1', quantityText: '2.5', quantity: null });
    expect(parseQuickOrderLine('SKU-1,ten')).toEqual({ sku: 'SKU-1', quantityText: 'ten', quantity: null });
    expect(parseQuickOrderLine('SKU-1')).toEqual({ sku: 'SKU-1', quantityText: '', quantity: null });
    expect(parseQuickOrderLine('SKU-1\t')).toEqual({ sku: 'SKU-1', quantityText: '', quantity: null });
  });

  it('skips blank lines and handles CRLF', () => {
    expect(parseQuickOrderLine('   ')).toBeNull();
    expect(parseQuickOrderLine('A,1\r')).toMatchObject({ sku: 'A', quantity: 1 });
  });
});

describe('parseQuickOrderText', () => {
  it('reads a paste line by line and drops a first header row', () => {
    const rows = parseQuickOrderText('\uFEFFSKU,Quantity\r\nA,1\r\n\r\nB WITH SPACE 2\nC\t3\n');
    expect(rows.map((r) => [r.sku, r.quantity])).toEqual([
      ['A', 1],
      ['B WITH SPACE', 2],
      ['C', 3],
    ]);
  });

  it('keeps a first row that is a real line', () => {
    expect(parseQuickOrderText('SKU-1,2')).toHaveLength(1);
  });
});

describe('quantities and SKUs', () => {
  it('accepts digits only', () => {
    expect(parseQuantity(' 42 ')).toBe(42);
    for (const bad of ['', '1,000', '1e3', '0x10', '-1', '1.0', '9999999999']) expect(parseQuantity(bad), bad).toBeNull();
  });
  it('normalises a SKU as the rule writes it', () => {
    expect(normalizeSku('  a_b  c ')).toBe('A_B C');
  });
});

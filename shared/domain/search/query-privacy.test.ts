import { describe, expect, it } from 'vitest';
import { countedQuery, looksPersonal } from './query-privacy';

describe('which searches are counted, and under what text', () => {
  it.each([
    ['Bubble  Wrap', 'bubble wrap'],
    ['Polymailer 25x35', 'polymailer 25x35'],
    ['Café-Bags!', 'cafe bags'],
    ['PM_WHT_25X35_50', 'pm wht 25x35 50'],
    ['box 1234 56', 'box 1234 56'],
  ])('%s is counted as %s', (text, expected) => {
    expect(countedQuery(text)).toBe(expected);
  });

  it.each(['', '   ', '%%%', '!!!'])('%j is not counted (nothing searchable)', (text) => {
    expect(countedQuery(text)).toBeNull();
  });

  it.each(['ann@example.com', 'ann ＠ example', '91234567', '+65 9123 4567', '9123-4567', 'S1234567D', '4111 1111 1111 1111', 'order 1234567'])(
    '%s looks personal and is not counted',
    (text) => {
      expect(looksPersonal(text)).toBe(true);
      expect(countedQuery(text)).toBeNull();
    },
  );

  it('keeps sizes, SKUs and short numbers', () => {
    expect(looksPersonal('250x350mm')).toBe(false);
    expect(looksPersonal('pack of 100')).toBe(false);
    expect(looksPersonal('123456')).toBe(false);
  });

  it('keeps at most 100 characters of the folded text', () => {
    const long = 'bubble wrap '.repeat(20);
    const counted = countedQuery(long)!;
    expect(counted.length).toBeLessThanOrEqual(100);
    expect(counted.endsWith(' ')).toBe(false);
  });
});

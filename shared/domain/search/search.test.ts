import { describe, expect, it } from 'vitest';
import { foldText, normalisedQuery, queryWords } from './fold';
import { extractSizes, sizeMatches } from './sizes';
import { allowedTypos, singular, typoDistance } from './typos';

describe('foldText', () => {
  it('lower-cases, drops accents and makes punctuation a space', () => {
    expect(foldText('  Café CRÈME—Bubble-Wrap!! ')).toBe('cafe creme bubble wrap');
    expect(foldText("%_'; DROP TABLE x;--")).toBe('drop table x');
    expect(foldText('\u0000📦\u0000')).toBe('');
  });
  it('normalises a query to at most 8 words of at most 40 letters', () => {
    expect(normalisedQuery('Poly   MAILER')).toBe('poly mailer');
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8);
    expect(queryWords('x'.repeat(1000))[0]).toHaveLength(40);
  });
});

describe('typos', () => {
  it('forgives none up to 3 letters, one from 4, two from 8, none in numbers', () => {
    expect([allowedTypos('bag'), allowedTypos('whte'), allowedTypos('polymaler'), allowedTypos('25x35')]).toEqual([0, 1, 2, 0]);
  });
  it('counts a swap of neighbours as one typo', () => {
    expect(typoDistance('bubbel', 'bubble', 2)).toBe(1);
    expect(typoDistance('whte', 'white', 2)).toBe(1);
    expect(typoDistance('polymaler', 'polymailer', 2)).toBe(1);
    expect(typoDistance('kitten', 'sitting', 5)).toBe(3);
    expect(typoDistance('abc', 'xyz', 1)).toBe(2);
    expect(typoDistance('short', 'muchlongerword', 2)).toBe(3);
  });
  it('makes plurals singular', () => {
    expect(['bags', 'boxes', 'pouches', 'labels', 'supplies', 'glass', 'bus'].map(singular)).toEqual(['bag', 'box', 'pouch', 'label', 'supply', 'glass', 'bus']);
  });
});

describe('extractSizes', () => {
  const cm = (q: string) => extractSizes(q).sizes.map((s) => s.meanings);
  it('reads the usual spellings of one size as the same size', () => {
    for (const q of ['25x35', '25 x 35', '25X35cm', '25 x 35 cm', '250x350mm', '25 by 35', '25*35', '25×35 cm']) {
      const [size] = extractSizes(q).sizes;
      expect(size && sizeMatches(size, 25, 35), q).toBe(true);
    }
  });
  it('takes a unitless size as cm or mm, and mixed units as written', () => {
    expect(cm('100x150')).toEqual([[{ w: 100, h: 150 }, { w: 10, h: 15 }]]);
    expect(cm('48mm x 100m')).toEqual([[{ w: 4.8, h: 10000 }]]);
    expect(cm('1 m x 50 m')).toEqual([[{ w: 100, h: 5000 }]]);
    expect(cm('4 x 6 in')).toEqual([[{ w: 10.16, h: 15.24 }]]);
  });
  it('leaves the rest of the query and ignores what is not a size', () => {
    expect(extractSizes('polymailer 25x35 white')).toMatchObject({ rest: expect.stringMatching(/^polymailer\s+white$/) });
    expect(extractSizes('pack of 50').sizes).toEqual([]);
    expect(extractSizes('sku-25x35-100').sizes).toEqual([]);
    expect(extractSizes('0x0').sizes).toEqual([]);
  });
  it('matches a size either way round', () => {
    const [size] = extractSizes('35x25').sizes;
    expect(sizeMatches(size, 25, 35)).toBe(true);
    expect(sizeMatches(size, 25, 36)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { gstIncludedIn } from './gst';

describe('gstIncludedIn', () => {
  it('extracts the 9% GST inside a GST-inclusive total', () => {
    expect(gstIncludedIn(10900)).toBe(900);
    expect(gstIncludedIn(10000)).toBe(826); // 825.69 rounds up
    expect(gstIncludedIn(599)).toBe(49); // 49.46
  });
  it('is 0 for an empty or zero total', () => {
    expect(gstIncludedIn(0)).toBe(0);
    expect(gstIncludedIn(-5)).toBe(0);
  });
});

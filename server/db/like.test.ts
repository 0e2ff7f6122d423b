import { describe, expect, it } from 'vitest';
import { likePattern } from './like';

describe('likePattern', () => {
  it('wraps the text in % and escapes the wildcards and the escape character', () => {
    expect(likePattern('mailer')).toBe('%mailer%');
    expect(likePattern('100%')).toBe('%100\\%%');
    expect(likePattern('50_x')).toBe('%50\\_x%');
    expect(likePattern('a\\b')).toBe('%a\\\\b%');
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { assertAcceptablePassword, personalWords, WEAK_PASSWORD_MESSAGE } from './password-policy';

const refused = (password: string, inputs: string[] = []) => {
  try {
    assertAcceptablePassword(password, inputs);
  } catch (err) {
    return err instanceof AppError && err.code === 'BAD_REQUEST' && err.message === WEAK_PASSWORD_MESSAGE;
  }
  return false;
};

describe('assertAcceptablePassword', () => {
  it('refuses common passwords, repeats and keyboard runs', () => {
    for (const p of ['12345678', 'password', ' '.repeat(8), 'qwertyuiop', 'iloveyou2', 'aaaaaaaaaaaa', 'Password1'])
      expect(refused(p), p).toBe(true);
  });

  it('refuses the e-mail, names and the shop name, whole or lightly dressed up', () => {
    const inputs = ['mei.tan@example.com', 'Mei', 'Tan'];
    for (const p of ['mei.tan@example.com', 'MEI.TAN@EXAMPLE.COM', 'packshop', 'PackShop', 'PackShop2024', 'packshop123'])
      expect(refused(p, inputs), p).toBe(true);
  });

  it('accepts passphrases and long random strings', () => {
    for (const p of ['correct horse battery', 'kettle-marble-sunrise', 'admin-password-123', 'Tr0ub4dour&3x', 'k7Qz-9fWp-3LmX'])
      expect(refused(p, ['someone@example.com']), p).toBe(false);
  });
});

describe('personalWords', () => {
  it('splits an e-mail into the parts a guesser would try and always adds the shop', () => {
    expect(personalWords(['Mei.Tan@Example.com', null, ' '])).toEqual(
      expect.arrayContaining(['packshop', 'mei.tan@example.com', 'mei.tan', 'example.com', 'mei', 'tan', 'example']),
    );
  });
});

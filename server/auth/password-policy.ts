import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { SHOP_NAME } from '../../shared/constants';
import { AppError } from '../../shared/errors';
import { WEAK_PASSWORD_MESSAGE } from '../../shared/messages';

// The one rule for every password a person chooses (registration, the seeded admin, later reset and
// change). zxcvbn-ts estimates how many guesses a password takes from the common-password list, the
// English dictionaries, keyboard patterns, repeats, dates and the user's own data; score 3 means
// about 10^8 guesses or more, beyond reach of an online attacker held back by the login limits.
// Server-side only: the dictionaries are megabytes and must not enter the browser bundle.
const MIN_PASSWORD_SCORE = 3;

export { WEAK_PASSWORD_MESSAGE };

let checker: ZxcvbnFactory | undefined;

// The dictionaries cost about 40 MB of heap and 0.7 s to load, so they are required on the first
// check rather than at start-up: a server where nobody sets a password never pays for them.
function getChecker(): ZxcvbnFactory {
  if (checker) return checker;
  const require = createRequire(import.meta.url);
  const core = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
  const en = require('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
  checker = new core.ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
  return checker;
}

/** The words a guesser would try first for this person: their e-mail, its parts, names, the shop. */
export function personalWords(values: (string | null | undefined)[]): string[] {
  const words = new Set<string>([SHOP_NAME.toLowerCase()]);
  for (const value of values) {
    const v = value?.trim().toLowerCase();
    if (!v) continue;
    words.add(v);
    const [local, domain] = v.split('@');
    if (domain !== undefined) {
      words.add(local);
      words.add(domain);
    }
    for (const part of v.split(/[^a-z0-9]+/)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * Throws a 400 when the password is common or guessable. `userInputs` are the person's own words
 * (e-mail, names); the shop's name is always added.
 */
export function assertAcceptablePassword(password: string, userInputs: string[]): void {
  const words = personalWords(userInputs);
  const lower = password.trim().toLowerCase();
  // The whole password being the e-mail, a name or the shop's name is refused whatever its score.
  if (!lower || words.includes(lower)) throw new AppError('BAD_REQUEST', WEAK_PASSWORD_MESSAGE);
  // zxcvbn is quadratic in length; 100 characters already score far above the bar, and a longer
  // password's tail only adds guesses.
  const { score } = getChecker().check(password.slice(0, 100), words);
  if (score < MIN_PASSWORD_SCORE) throw new AppError('BAD_REQUEST', WEAK_PASSWORD_MESSAGE);
}

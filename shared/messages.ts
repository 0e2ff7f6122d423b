// Messages the server sends and the storefront compares against or shows. They live apart from the
// zod schemas that also use them so that a page needing only the text does not download zod.

/** The server's refusal of a guessable password (server/auth/password-policy.ts); the form shows it under the field. */
export const WEAK_PASSWORD_MESSAGE =
  'This password is too common or too easy to guess. Choose a less guessable one, for example three or four unrelated words.';

/** The contact form's answer when a required field is empty. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

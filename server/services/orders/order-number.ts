import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: order numbers are read out over the phone.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const SG_OFFSET_MS = 8 * 60 * 60 * 1000;

/** PS-<Singapore date>-<6 random characters>, e.g. PS-20261121-7K3QX9 (quotes: Q-20261121-...). */
export function newOrderNumber(now = new Date(), prefix = 'PS'): string {
  const day = new Date(now.getTime() + SG_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${day}-${suffix}`;
}

import { randomBytes } from 'node:crypto';

let counter = 0;

/**
 * A cuid-like id (25 characters of [0-9a-z], starting with c, roughly ordered by time) for rows
 * written with raw SQL in bulk, where Prisma's @default(cuid()) does not run.
 */
export function newRowId(): string {
  counter = (counter + 1) % 36 ** 4;
  return `c${Date.now().toString(36).padStart(9, '0')}${counter.toString(36).padStart(4, '0')}${randomBytes(6).toString('hex').slice(0, 11)}`;
}

import { randomBytes } from 'node:crypto';

// Rows written with plain SQL need the id Prisma would have made (@default(cuid()) is filled in by
// the client, not the database). Same shape as a cuid: 'c', the time in base 36, a per-process
// counter and random characters, so ids still sort by creation time, as readers that order by
// (createdAt, id) expect for rows written in the same millisecond.
let counter = 0;

export function newId(): string {
  counter = (counter + 1) % 36 ** 4;
  const random = randomBytes(6).readUIntBE(0, 6).toString(36).padStart(10, '0').slice(-10);
  return `c${Date.now().toString(36).padStart(8, '0')}${counter.toString(36).padStart(4, '0')}${random}`;
}

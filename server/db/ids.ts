import { randomBytes } from 'node:crypto';

// The one id maker for every row (decision 0177): Prisma creates pass it (no model's id has a
// default, so the compiler asks for one) and hand-written SQL takes it as a parameter, one at a
// time or as an array in bulk. 25 characters, the look of a cuid: "c", a base-36 millisecond
// timestamp, a per-process counter, then randomness. Ids made one after another in this process
// sort in the order they were made, which order lines rely on ("ORDER BY id").
let counter = 0;
let lastMs = 0;

export function newId(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    counter = 0;
  }
  const count = (counter++).toString(36).padStart(4, '0').slice(-4);
  const random = BigInt(`0x${randomBytes(8).toString('hex')}`).toString(36).padStart(12, '0').slice(-12);
  return `c${ms.toString(36).padStart(8, '0')}${count}${random}`;
}

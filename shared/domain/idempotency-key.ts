// An order's Idempotency-Key names one checkout attempt; a key someone could guess would let them
// collide with it, so its random part comes from the platform's cryptographic generator, never
// Math.random. getRandomValues rather than randomUUID: browsers offer randomUUID only in secure
// contexts, and the shop may be opened over plain HTTP on a LAN address in development.

/** order_<32 hex digits: 16 bytes from crypto.getRandomValues>, in the browser and in Node. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `order_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

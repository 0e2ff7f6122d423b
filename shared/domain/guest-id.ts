// A guest id is the only key to a guest's cart and chat, so it must not be guessable: the random
// part carries at least 128 bits. 32 characters of A-Z a-z 0-9 - _ hold 128 bits even when they are
// hex (16 random bytes); the browser makes exactly that. The timestamp is only the specification's
// format (docs/spec/storefront.md section 4) and proves nothing.

export const GUEST_ID_PATTERN = /^guest_[0-9]{1,16}_[A-Za-z0-9_-]{32,64}$/;

export const GUEST_ID_RULE =
  'X-Session-Id must be guest_<timestamp>_<random>, the random part 32 to 64 characters of A-Z, a-z, 0-9, - or _ from at least 128 random bits (e.g. 16 random bytes in hex)';

export function isGuestId(id: string): boolean {
  return GUEST_ID_PATTERN.test(id);
}

/** guest_<milliseconds>_<32 hex digits from crypto.getRandomValues>, in the browser and in Node. */
export function newGuestId(now = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `guest_${now}_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

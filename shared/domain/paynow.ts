// PayNow as an SGQR / EMVCo merchant-presented QR payload, so a shopper's banking app pays the
// exact total with the order number as reference. Pure: no I/O, no QR drawing; the server turns the
// payload into an SVG or PNG.
//
// Layout (EMVCo MPM: ID, two-digit length, value; ID 26 nests the PayNow template):
//   00 02 "01"         payload format        01 02 "12"/"11"  dynamic (one payment) / static
//   26 .. 00 SG.PAYNOW, 01 proxy type (0 mobile, 2 UEN), 02 proxy, 03 amount editable (0/1),
//         04 expiry YYYYMMDD (optional)
//   52 04 "0000"  53 03 "702" (SGD)  54 .. amount  58 02 "SG"  59 .. name  60 .. city
//   62 .. 01 bill number (our order number)   63 04 CRC16-CCITT over everything up to "6304"

export type PayNowProxyType = 'mobile' | 'uen';

/** EMVCo field 59 holds at most 25 characters. */
export const PAYNOW_NAME_MAX = 25;

// A UEN is 9 or 10 characters (nnnnnnnnX, yyyynnnnnX, or TyyPQnnnnX for other entities); a
// PayNow corporate proxy may carry a suffix of up to 3 characters after it (e.g. 200002150HWCF).
const UEN = /^(?:\d{8}[A-Z]|\d{9}[A-Z]|[STR]\d{2}[A-Z]{2}\d{4}[A-Z])[A-Z0-9]{0,3}$/;

/** Upper-cased, spaces removed; null when it is not a UEN (with an optional PayNow suffix). */
export function normaliseUen(input: string): string | null {
  const v = input.replace(/\s+/g, '').toUpperCase();
  return UEN.test(v) ? v : null;
}

/** "+65 9123 4567", "91234567", "6591234567" -> "+6591234567"; null unless a Singapore mobile (8 or 9 then 7 digits). */
export function normaliseSgMobile(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  const m = /^(?:\+?65)?([89]\d{7})$/.exec(digits);
  return m ? `+65${m[1]}` : null;
}

/** The proxy as PayNow wants it, or null when it does not fit the type. */
export function normaliseProxy(type: PayNowProxyType, input: string): string | null {
  return type === 'uen' ? normaliseUen(input) : normaliseSgMobile(input);
}

/** EMVCo text fields are printable ASCII; anything else makes some banking apps refuse the code. */
export const isEmvText = (s: string) => /^[\x20-\x7E]*$/.test(s);

export interface PayNowPayloadInput {
  proxyType: PayNowProxyType;
  /** Normalised proxy: "+6591234567" or a UEN. */
  proxy: string;
  /** Payee name (field 59, at most 25 characters). */
  merchantName: string;
  /** Amount in cents; omitted for a code where the payer types the amount. */
  amountCents?: number;
  /** Whether the payer may change the amount; false by default when an amount is given. */
  editable?: boolean;
  /** Bill number the payer's bank shows the payee (our order number). */
  reference?: string;
  /** YYYYMMDD after which banking apps refuse the code. */
  expiry?: string;
  merchantCity?: string;
  /** '12' for a code meant for one payment (the default when there is an amount), '11' for a reusable one. */
  initiation?: '11' | '12';
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`EMV field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF) as four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** "12.34" from 1234 cents: always two decimals, no thousands separator. */
export const emvAmount = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export function buildPayNowPayload(p: PayNowPayloadInput): string {
  const hasAmount = p.amountCents !== undefined;
  if (hasAmount && (!Number.isInteger(p.amountCents) || p.amountCents! <= 0)) throw new Error('A PayNow amount must be a positive number of cents');
  if (p.merchantName.length > PAYNOW_NAME_MAX || !isEmvText(p.merchantName)) throw new Error('The PayNow payee name must be at most 25 printable ASCII characters');
  // EMVCo allows 25 characters for a bill number, yet published codes carry longer ones and banking
  // apps read them; ours are order numbers (18 characters), so only the character set is checked.
  if (p.reference !== undefined && !isEmvText(p.reference)) throw new Error('The PayNow reference must be printable ASCII');
  const editable = p.editable ?? !hasAmount;
  const account =
    field('00', 'SG.PAYNOW') +
    field('01', p.proxyType === 'mobile' ? '0' : '2') +
    field('02', p.proxy) +
    field('03', editable ? '1' : '0') +
    (p.expiry ? field('04', p.expiry) : '');
  const body =
    field('00', '01') +
    field('01', p.initiation ?? (hasAmount ? '12' : '11')) +
    field('26', account) +
    field('52', '0000') +
    field('53', '702') +
    (hasAmount ? field('54', emvAmount(p.amountCents!)) : '') +
    field('58', 'SG') +
    field('59', p.merchantName) +
    field('60', p.merchantCity ?? 'Singapore') +
    (p.reference ? field('62', field('01', p.reference)) : '') +
    '6304';
  return body + crc16(body);
}

/** Splits one level of ID-length-value fields; null when the text is not well formed. */
function parseEmvFields(text: string): Map<string, string> | null {
  const out = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d\d$/.test(id) || !/^\d\d$/.test(text.slice(i + 2, i + 4)) || i + 4 + len > text.length) return null;
    out.set(id, text.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

/** True when the last field is a CRC (63, length 04) that matches everything before it. */
export function payNowCrcValid(payload: string): boolean {
  const at = payload.length - 8;
  if (at < 0 || payload.slice(at, at + 4) !== '6304') return false;
  return crc16(payload.slice(0, at + 4)) === payload.slice(at + 4);
}

export interface DecodedPayNow {
  proxyType: PayNowProxyType | null;
  proxy: string;
  editable: boolean;
  expiry: string | null;
  /** Amount in cents, or null when the code leaves it to the payer. */
  amountCents: number | null;
  merchantName: string;
  reference: string | null;
  crcValid: boolean;
}

/** Reads a PayNow payload back (tests, and anyone checking what a code says). Null when it is not one. */
export function decodePayNowPayload(payload: string): DecodedPayNow | null {
  const top = parseEmvFields(payload);
  const account = top?.get('26') !== undefined ? parseEmvFields(top.get('26')!) : null;
  if (!top || !account || account.get('00') !== 'SG.PAYNOW') return null;
  const amount = top.get('54');
  const extra = top.get('62') !== undefined ? parseEmvFields(top.get('62')!) : null;
  const type = account.get('01');
  return {
    proxyType: type === '0' ? 'mobile' : type === '2' ? 'uen' : null,
    proxy: account.get('02') ?? '',
    editable: account.get('03') === '1',
    expiry: account.get('04') ?? null,
    amountCents: amount !== undefined && /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : null,
    merchantName: top.get('59') ?? '',
    reference: extra?.get('01') ?? null,
    crcValid: payNowCrcValid(payload),
  };
}

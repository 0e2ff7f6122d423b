// Reading a bank's CSV export into statement lines (decision 0168). Each layout is recognised by
// its header row, looked for within the first 30 lines because the banks put an account block
// (account number, period, balances) above it; a generic `date, description, amount, reference`
// file always works. Every refusal is a 400 that names what to do.
import { parse } from 'csv-parse/sync';
import { badRequest } from '../../../../shared/errors';

export type Bank = 'dbs' | 'ocbc' | 'uob' | 'generic';

/** A file this big is not a statement someone exported by hand: refused before it is parsed. */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;
/** 100,000 lines is a busy year of one account; twice that is refused whole, never cut short. */
export const MAX_STATEMENT_LINES = 200_000;
const HEADER_SEARCH_LINES = 30;
/** Stored and echoed at most this long (a bank field is far shorter; a longer one is junk). */
const MAX_DESCRIPTION = 500;
const MAX_REFERENCE = 200;

export interface StatementLine {
  /** Line number in the file (1-based), for messages. */
  line: number;
  /** YYYY-MM-DD as the bank printed it (the bank's own day). */
  date: string;
  description: string;
  reference: string;
  /** Positive for money in, negative for money out. */
  amountCents: number;
}

export interface ParsedStatement {
  bank: Bank;
  lines: StatementLine[];
}

interface Layout {
  bank: Bank;
  /** Header names (lower case, spaces collapsed) that must all be present. */
  required: string[];
  /** Reads one row, given the column index of each header name. */
  read(cell: (name: string) => string): { date: string; description: string; reference: string; credit: string; debit: string; amount?: string };
}

const joined = (...parts: string[]) => parts.map((p) => p.trim()).filter(Boolean).join(' ');

// Based on what the banks publish and what people who parse these exports document (see decision 0168).
const LAYOUTS: Layout[] = [
  {
    // DBS/POSB IDEAL and digibank: "Transaction Date, Reference, Debit Amount, Credit Amount,
    // Transaction Ref1, Transaction Ref2, Transaction Ref3". Reference is the bank's transaction
    // code (ICT, ITR ...); the payer's name and the reference they typed are in Ref1-Ref3.
    bank: 'dbs',
    required: ['transaction date', 'debit amount', 'credit amount'],
    read: (c) => ({
      date: c('transaction date'),
      description: joined(c('reference'), c('transaction ref1')),
      reference: joined(c('transaction ref2'), c('transaction ref3')),
      credit: c('credit amount'),
      debit: c('debit amount'),
    }),
  },
  {
    // OCBC Velocity / online banking: "Transaction date, Value date, Description, Withdrawals (SGD),
    // Deposits (SGD)"; the description runs on in the next row, which has no date.
    bank: 'ocbc',
    required: ['transaction date', 'description', 'withdrawals (sgd)', 'deposits (sgd)'],
    read: (c) => ({ date: c('transaction date'), description: c('description'), reference: '', credit: c('deposits (sgd)'), debit: c('withdrawals (sgd)') }),
  },
  {
    // UOB Infinity / personal internet banking: "Transaction Date, Transaction Description,
    // Withdrawal, Deposit, Available Balance" under an account block.
    bank: 'uob',
    required: ['transaction date', 'transaction description', 'withdrawal', 'deposit'],
    read: (c) => ({ date: c('transaction date'), description: c('transaction description'), reference: '', credit: c('deposit'), debit: c('withdrawal') }),
  },
  {
    bank: 'generic',
    required: ['date', 'amount', 'description'],
    read: (c) => ({ date: c('date'), description: c('description'), reference: c('reference'), credit: '', debit: '', amount: c('amount') }),
  },
];

const normaliseHeader = (h: string) => h.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/\s+/g, ' ');

/** The text of an upload, or a 400 saying why it is not a CSV text file. */
function decode(bytes: Buffer): string {
  if (bytes.length === 0) throw badRequest('The file is empty');
  if (bytes.length > MAX_STATEMENT_BYTES) throw badRequest('The file is larger than 10 MB; export a shorter period');
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw badRequest('The file is UTF-16 text, not CSV. Export it from the bank as CSV (or save it as "CSV UTF-8") and upload it again.');
  }
  if (bytes.includes(0)) throw badRequest('The file is not a CSV text file (it has binary data). Upload the CSV export of your bank statement.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Older exports are Windows-1252; the bytes that matter (digits, order numbers) are ASCII.
    text = new TextDecoder('windows-1252').decode(bytes);
    // eslint-disable-next-line no-control-regex -- control characters mark a binary file
    if (/[\u0000-\u0008\u000e-\u001f\u007f]/.test(text)) throw badRequest('The file is not a CSV text file. Upload the CSV export of your bank statement.');
  }
  // eslint-disable-next-line no-control-regex -- control characters mark a binary file
  if (/[\u0001-\u0008\u000e-\u001a\u001c-\u001f]/.test(text.slice(0, 65536))) {
    throw badRequest('The file is not a CSV text file (it has binary data). Upload the CSV export of your bank statement.');
  }
  return text.replace(/^\uFEFF/, '');
}

function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function splitOne(line: string, delimiter: string): string[] | null {
  try {
    const rows = parse(line, { delimiter, relax_quotes: true, relax_column_count: true }) as string[][];
    return rows[0] ?? null;
  } catch {
    return null;
  }
}

/** The header row: which layout, on which line, with which separator. */
function findHeader(text: string): { layout: Layout; lineIndex: number; offset: number; delimiter: string; header: string[] } {
  let offset = 0;
  for (let i = 0; i < HEADER_SEARCH_LINES && offset <= text.length; i++) {
    const end = text.indexOf('\n', offset);
    const raw = (end === -1 ? text.slice(offset) : text.slice(offset, end)).replace(/\r$/, '');
    for (const delimiter of [',', ';', '\t']) {
      if (!raw.includes(delimiter)) continue;
      const cells = splitOne(raw, delimiter);
      if (!cells) continue;
      const header = cells.map(normaliseHeader);
      const layout = LAYOUTS.find((l) => l.required.every((name) => header.includes(name)));
      if (layout) return { layout, lineIndex: i, offset, delimiter, header };
    }
    if (end === -1) break;
    offset = end + 1;
  }
  throw badRequest(
    'No bank statement header found in the first 30 lines. Upload the CSV export of DBS/POSB, OCBC or UOB as the bank gives it, ' +
      'or a CSV with the columns date, description, amount and reference.',
  );
}

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12 };

/** DD/MM/YYYY, DD-MM-YYYY, DD MMM YYYY, DD-MMM-YY, YYYY-MM-DD (an Excel time after it is ignored) -> YYYY-MM-DD, or null. */
function parseBankDate(s: string): string | null {
  const v = s.trim().replace(/\s+\d{1,2}:\d{2}(:\d{2})?(\s*[AP]M)?$/i, '');
  let y: number, m: number, d: number;
  let g: RegExpMatchArray | null;
  if ((g = v.match(/^(\d{4})-(\d{1,2})-(\d{1,2})$/))) [y, m, d] = [Number(g[1]), Number(g[2]), Number(g[3])];
  else if ((g = v.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/))) [d, m, y] = [Number(g[1]), Number(g[2]), Number(g[3])];
  else if ((g = v.match(/^(\d{1,2})[\s-]([A-Za-z]{3,4})[a-z]*[\s,-]+(\d{2}|\d{4})$/))) {
    const month = MONTHS[g[2].toLowerCase()];
    if (!month) return null;
    [d, m, y] = [Number(g[1]), month, g[3].length === 2 ? 2000 + Number(g[3]) : Number(g[3])];
  } else return null;
  if (y < 2000 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Excel- and bank-formatted amounts to cents: "1,234.50", "S$1,234.50", "SGD 12", "(12.00)" and
 * "-12.00" negative, "12.00 CR" / "12.00 DR", "1.234,50" or "12,50" from a decimal-comma
 * spreadsheet. Empty is null; anything else (or more than 2 decimals) throws.
 */
function parseBankAmount(s: string): number | null {
  let v = s.trim().replace(/[\s\u00a0]/g, '');
  if (v === '' || v === '-') return null;
  let sign = 1;
  const crdr = v.match(/^(CR|DR)|(CR|DR)$/i);
  if (crdr) {
    if ((crdr[1] ?? crdr[2]).toUpperCase() === 'DR') sign = -1;
    v = v.replace(/^(CR|DR)|(CR|DR)$/i, '');
  }
  if (/^\(.*\)$/.test(v)) {
    sign = -sign;
    v = v.slice(1, -1);
  }
  if (v.startsWith('-')) {
    sign = -sign;
    v = v.slice(1);
  } else if (v.endsWith('-')) {
    sign = -sign;
    v = v.slice(0, -1);
  } else if (v.startsWith('+')) v = v.slice(1);
  v = v.replace(/^(S\$|SGD|\$)/i, '');
  // "S$-12.00" as some spreadsheets format a negative currency.
  if (v.startsWith('-')) {
    sign = -sign;
    v = v.slice(1);
  }
  const lastDot = v.lastIndexOf('.');
  const lastComma = v.lastIndexOf(',');
  if (lastComma > lastDot && /,\d{1,2}$/.test(v)) v = v.replace(/\./g, '').replace(',', '.'); // decimal comma
  else v = v.replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(v)) throw new Error('not an amount');
  const [whole, frac = ''] = v.split('.');
  return sign * (Number(whole) * 100 + Number(frac.padEnd(2, '0')));
}

// eslint-disable-next-line no-control-regex -- control characters in a field become spaces
const UNTIDY = /[\u0000-\u001f\u007f]|\s\s/;
/** Control characters and runs of spaces become one space; most fields have neither (the fast path). */
const clip = (s: string, max: number) =>
  // eslint-disable-next-line no-control-regex -- as above
  (UNTIDY.test(s) ? s.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ') : s).trim().slice(0, max);

/** Reads a whole statement, or refuses it whole with a 400. */
export function parseStatement(bytes: Buffer): ParsedStatement {
  const text = decode(bytes);
  if (countLines(text) > MAX_STATEMENT_LINES) {
    throw badRequest(`The file has more than ${MAX_STATEMENT_LINES.toLocaleString('en-US')} lines; export a shorter period`);
  }
  const { layout, lineIndex, offset, delimiter, header } = findHeader(text);
  let rows: string[][];
  try {
    // No `info` (it doubles csv-parse's time on 100,000 lines) and no skipping of empty lines, so a
    // row's line in the file is its index after the header (a quoted field over several lines
    // aside); empty rows fall out below as rows without a date.
    rows = parse(text.slice(offset), { delimiter, from_line: 2, relax_column_count: true, relax_quotes: true }) as string[][];
  } catch (err) {
    throw badRequest(`The file is not valid CSV: ${(err as Error).message.slice(0, 200)}`);
  }
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (!index.has(name)) index.set(name, i);
  });
  const lines: StatementLine[] = [];
  for (let n = 0; n < rows.length; n++) {
    const record = rows[n];
    const lineNo = lineIndex + 2 + n;
    const cell = (name: string) => {
      const i = index.get(name);
      return i === undefined ? '' : (record[i] ?? '').trim();
    };
    const r = layout.read(cell);
    const amountText = r.amount ?? '';
    const noMoney = !r.credit && !r.debit && !amountText;
    if (!r.date) {
      // OCBC (and Excel-edited files) continue a description on the next row, with no date.
      if (noMoney && lines.length && r.description) {
        const prev = lines[lines.length - 1];
        prev.description = clip(`${prev.description} ${r.description}`, MAX_DESCRIPTION);
        if (r.reference) prev.reference = clip(joined(prev.reference, r.reference), MAX_REFERENCE);
      }
      continue;
    }
    const date = parseBankDate(r.date);
    if (!date) {
      // Totals and notes under the table ("Total", "Balance b/f") have no date: not a transaction.
      if (noMoney || !/\d/.test(r.date)) continue;
      throw badRequest(`Line ${lineNo}: the date "${clip(r.date, 40)}" is not a date (DD/MM/YYYY, DD MMM YYYY or YYYY-MM-DD)`);
    }
    let amountCents: number;
    try {
      if (layout.bank === 'generic') {
        const a = parseBankAmount(amountText);
        if (a === null) throw new Error('empty');
        amountCents = a;
      } else {
        const credit = parseBankAmount(r.credit) ?? 0;
        const debit = parseBankAmount(r.debit) ?? 0;
        amountCents = credit - debit;
      }
    } catch {
      throw badRequest(`Line ${lineNo}: the amount "${clip(amountText || r.credit || r.debit, 40)}" is not an amount of money (e.g. 1,234.50)`);
    }
    if (Math.abs(amountCents) > 100_000_000_00) throw badRequest(`Line ${lineNo}: the amount is too large`);
    lines.push({ line: lineNo, date, description: clip(r.description, MAX_DESCRIPTION), reference: clip(r.reference, MAX_REFERENCE), amountCents });
  }
  return { bank: layout.bank, lines };
}

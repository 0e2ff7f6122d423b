import type { Info } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { badRequest } from '../../shared/errors';
import { MAX_IMPORT_ROWS } from '../../shared/schemas/csv-import.schema';

const TOO_MANY_ROWS = `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows (the header row not counted); split it into files of at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows`;

/** One data row of an uploaded CSV, with its line number in the file (the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: Record<string, string>;
}

/**
 * Reads an uploaded CSV strictly: UTF-8 only (with or without BOM), a header row naming at least
 * the required columns (any order, case-insensitive; unknown ones are ignored), and from one to
 * MAX_IMPORT_ROWS rows: a longer file is refused whole, never cut short. Every problem is a 400 the
 * person can act on.
 */
export function readCsv(bytes: Buffer, required: readonly string[], optional: readonly string[] = []): CsvRecord[] {
  if (bytes.length === 0) throw badRequest('The file is empty');
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw badRequest('The file is UTF-16 text (Excel\'s "Unicode Text"), not UTF-8. Save it as "CSV UTF-8" and upload it again.');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest('The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.');
  }
  if (text.includes('\0')) throw badRequest('The file is not a CSV text file');
  // With `info`, each row comes with where it ends in the file (csv-parse's types omit that shape).
  let parsed: { record: string[]; info: Info }[];
  try {
    // Blank lines and rows of empty cells (a spreadsheet's formatted but empty rows) are not rows.
    // Parsing stops one row past the limit (the header counts as one): enough to tell that the file
    // is too long without holding every row of a 20 MB file of tiny lines.
    parsed = parse(text, {
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      trim: true,
      info: true,
      to: MAX_IMPORT_ROWS + 2,
      delimiter: delimiterOf(text),
    }) as unknown as { record: string[]; info: Info }[];
  } catch (err) {
    throw badRequest(`The file is not valid CSV: ${(err as Error).message}`);
  }
  const rows = parsed.map((p) => p.record);
  if (rows.length === 0) throw badRequest('The file is empty');
  const header = rows[0].map((h) => h.trim().toLowerCase());
  const missing = required.filter((c) => !header.includes(c));
  if (missing.length) throw badRequest(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} (the header row needs ${required.join(', ')})`);
  if (rows.length === 1) throw badRequest('The file has a header row but no rows to import');
  if (rows.length > MAX_IMPORT_ROWS + 1) throw badRequest(TOO_MANY_ROWS);
  const wanted = new Set([...required, ...optional]);
  return rows.slice(1).map((row, i) => {
    const cells: Record<string, string> = {};
    header.forEach((name, col) => {
      if (wanted.has(name) && !(name in cells)) cells[name] = stripNeutraliser(row[col] ?? '');
    });
    // The line the row ends on, counting the blank lines skipped before it.
    return { line: parsed[i + 1].info.lines, cells };
  });
}

/**
 * Commas, unless the header row has none but semicolons or tabs: spreadsheets set to a language
 * with a decimal comma save "CSV" with semicolons, and some tools export tab-separated text.
 */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

/** Our own exports prefix formula-like text with '; reading it back takes the prefix off again. */
const stripNeutraliser = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

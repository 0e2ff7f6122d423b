import { parse } from 'csv-parse/sync';
import { badRequest } from '../../../shared/errors';
import { MAX_IMPORT_ROWS } from '../../../shared/schemas/admin/csv-import.schema';

/** One data row of an uploaded CSV, with its line number in the file (the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: Record<string, string>;
}

/**
 * Reads an uploaded CSV strictly: UTF-8 only (with or without BOM), a header row naming at least
 * the required columns (any order, case-insensitive; unknown ones are ignored), and at least one row.
 * Every problem is a 400 the person can act on.
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
  let rows: string[][];
  try {
    rows = parse(text, { skip_empty_lines: true, relax_column_count: true, trim: true, to: MAX_IMPORT_ROWS + 1, delimiter: delimiterOf(text) }) as string[][];
  } catch (err) {
    throw badRequest(`The file is not valid CSV: ${(err as Error).message}`);
  }
  if (rows.length === 0) throw badRequest('The file is empty');
  const header = rows[0].map((h) => h.trim().toLowerCase());
  const missing = required.filter((c) => !header.includes(c));
  if (missing.length) throw badRequest(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} (the header row needs ${required.join(', ')})`);
  if (rows.length === 1) throw badRequest('The file has a header row but no rows to import');
  if (rows.length > MAX_IMPORT_ROWS + 1) throw badRequest(`At most ${MAX_IMPORT_ROWS} rows per file; split the file`);
  const wanted = new Set([...required, ...optional]);
  return rows.slice(1).map((row, i) => {
    const cells: Record<string, string> = {};
    header.forEach((name, col) => {
      if (wanted.has(name) && !(name in cells)) cells[name] = stripNeutraliser(row[col] ?? '');
    });
    return { line: i + 2, cells };
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

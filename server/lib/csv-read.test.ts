import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { MAX_IMPORT_ROWS } from '../../shared/schemas/csv-import.schema';
import { readCsv } from './csv-read';

// The row limit counts data rows only: the header is not one, nor are blank lines or rows of empty
// cells; a file past the limit is refused whole (it used to be cut at the limit without a word).

const read = (text: string) => readCsv(Buffer.from(text), ['sku', 'on_hand']);
const file = (rows: number, extra = '') => `sku,on_hand\n${Array.from({ length: rows }, (_, i) => `S${i},1`).join('\n')}\n${extra}`;

function refusal(text: string): AppError {
  try {
    read(text);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('the file was accepted');
}

describe('readCsv row limit', () => {
  it('accepts exactly the limit of data rows, header not counted', () => {
    expect(MAX_IMPORT_ROWS).toBe(50_000);
    const rows = read(file(MAX_IMPORT_ROWS));
    expect(rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(rows.at(-1)).toEqual({ line: MAX_IMPORT_ROWS + 1, cells: { sku: `S${MAX_IMPORT_ROWS - 1}`, on_hand: '1' } });
  });

  it('refuses one row more with a 400 naming the limit', () => {
    const err = refusal(file(MAX_IMPORT_ROWS + 1));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe('The file has more than 50,000 rows (the header row not counted); split it into files of at most 50,000 rows');
  });

  it('refuses a file far past the limit', () => {
    expect(refusal(file(MAX_IMPORT_ROWS * 3)).message).toMatch(/more than 50,000 rows/);
  });

  it('does not count blank lines, lines of spaces or rows of empty cells', () => {
    const padded = file(MAX_IMPORT_ROWS).replace('\nS1,1\n', '\n\n   \n,\n , \nS1,1\n') + '\n\n,\n,,,\n';
    expect(read(padded)).toHaveLength(MAX_IMPORT_ROWS);
  });

  it('numbers rows by their line in the file, blank lines included', () => {
    expect(read('sku,on_hand\n\nA,1\n,\n"B\nC",2\n').map((r) => [r.line, r.cells.sku])).toEqual([
      [3, 'A'],
      [6, 'B\nC'],
    ]);
  });

  it('still refuses a header with no rows, counting blank ones as none', () => {
    expect(refusal('sku,on_hand\n\n,\n').message).toBe('The file has a header row but no rows to import');
  });
});

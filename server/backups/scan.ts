import { COPY_HEADER } from './dump';

/** A piece of dump.sql: plain SQL between data blocks, or one table's COPY block, in file order. */
export type DumpPart =
  | { kind: 'sql'; text: string }
  | { kind: 'copy-start'; table: string; header: string }
  | { kind: 'copy-data'; data: Buffer; rows: number }
  | { kind: 'copy-end'; table: string };

const NL = 10;
const END_OF_DATA = Buffer.from('\\.');

/**
 * Splits dump.sql (as written by dumpDatabase) into SQL text and COPY blocks while it streams, so
 * that neither verifying nor restoring holds the file in memory. A block starts at a line of the
 * exact shape `COPY "Table" (...) FROM stdin;` and ends at a line `\.`.
 */
export async function* scanDump(chunks: AsyncIterable<Buffer>): AsyncGenerator<DumpPart> {
  let partial: Buffer[] = [];
  let copying: string | null = null;
  let sql: string[] = [];
  let data: Buffer[] = [];
  let rows = 0;

  function* line(bytes: Buffer): Generator<DumpPart> {
    if (copying !== null) {
      if (bytes.equals(END_OF_DATA)) {
        if (data.length) yield { kind: 'copy-data', data: Buffer.concat(data), rows };
        data = [];
        rows = 0;
        yield { kind: 'copy-end', table: copying };
        copying = null;
      } else {
        data.push(bytes, Buffer.from([NL]));
        rows++;
      }
      return;
    }
    const text = bytes.toString('utf8');
    const header = COPY_HEADER.exec(text);
    if (header) {
      if (sql.length) yield { kind: 'sql', text: sql.join('\n') };
      sql = [];
      copying = header[1].replaceAll('""', '"');
      yield { kind: 'copy-start', table: copying, header: text };
    } else {
      sql.push(text);
    }
  }

  for await (const chunk of chunks) {
    let start = 0;
    for (let i = chunk.indexOf(NL); i !== -1; i = chunk.indexOf(NL, start)) {
      const piece = chunk.subarray(start, i);
      const full = partial.length ? Buffer.concat([...partial, piece]) : piece;
      partial = [];
      yield* line(full);
      start = i + 1;
    }
    if (start < chunk.length) partial.push(chunk.subarray(start));
    // Hand data on per chunk rather than per block: a table may be far larger than memory should hold.
    if (copying !== null && data.length) {
      yield { kind: 'copy-data', data: Buffer.concat(data), rows };
      data = [];
      rows = 0;
    }
  }
  if (partial.length) yield* line(Buffer.concat(partial));
  if (copying !== null) throw new Error(`dump.sql ends inside the data of table ${copying}`);
  if (sql.length) yield { kind: 'sql', text: sql.join('\n') };
}

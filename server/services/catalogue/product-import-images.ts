// The images cells of a product import: stored paths kept, https:// addresses fetched and checked
// (and stored when the import is applied), a few at a time.
import { AppError, badRequest } from '../../../shared/errors';
import { productImagesInput } from '../../../shared/schemas/products.schema';
import { isOutsideImageAddress } from '../../../shared/domain/product-images';
import { zodDetail } from '../../lib/http-error';
import type { CsvRecord } from '../../lib/csv-read';
import { fetchCheckedImage, storeOutsideImage, type ImageSource } from './product-images.service';
import { MAX_IMPORT_IMAGE_ADDRESSES } from '../../../shared/schemas/csv-import.schema';

export type ImageCell = { images: string[] } | { error: string };

/**
 * Every row's images cell, checked as the product form checks its images: stored paths stay, each
 * https:// address is fetched and checked (and, when `store`, stored; the cell then holds the stored
 * path). A refused value or a failed fetch is that row's error. Cells repeated on the rows of one
 * product fetch each address once.
 */
export async function readImageCells(records: CsvRecord[], source: ImageSource, store: boolean): Promise<Map<number, ImageCell>> {
  const split = (cell: string | undefined) => (cell ?? '').split('|').map((v) => v.trim()).filter(Boolean);
  const addresses = new Set(records.flatMap((r) => split(r.cells.images).filter(isOutsideImageAddress)));
  if (addresses.size > MAX_IMPORT_IMAGE_ADDRESSES) {
    throw badRequest(`The file names ${addresses.size} image addresses; at most ${MAX_IMPORT_IMAGE_ADDRESSES} can be fetched in one import. Split the file.`);
  }
  // Every address starts at once through a pool of IMAGE_FETCHES_AT_ONCE; rows then wait for theirs.
  const pool = limiter(IMAGE_FETCHES_AT_ONCE);
  const fetched = new Map<string, Promise<string>>();
  const rows: { line: number; values: string[] }[] = [];
  const cells = new Map<number, ImageCell>();
  for (const { line, cells: row } of records) {
    const values = split(row.images);
    if (!values.length) continue;
    const parsed = productImagesInput.safeParse(values);
    if (!parsed.success) {
      cells.set(line, { error: zodDetail(parsed.error) });
      continue;
    }
    rows.push({ line, values });
    for (const [i, value] of values.entries()) {
      const key = `${i}\n${value}`;
      if (!isOutsideImageAddress(value) || fetched.has(key)) continue;
      const label = `Image ${i + 1}`;
      const got = pool(() => (store ? storeOutsideImage(source, value, label) : fetchCheckedImage(source, value, label).then(() => value)));
      got.catch(() => undefined); // awaited below; a refusal is that row's error
      fetched.set(key, got);
    }
  }
  for (const { line, values } of rows) {
    try {
      const images: string[] = [];
      for (const [i, value] of values.entries()) images.push(isOutsideImageAddress(value) ? await fetched.get(`${i}\n${value}`)! : value);
      cells.set(line, { images });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      cells.set(line, { error: err.message });
    }
  }
  return cells;
}

const IMAGE_FETCHES_AT_ONCE = 4;

/** Runs at most n of the given tasks at a time. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

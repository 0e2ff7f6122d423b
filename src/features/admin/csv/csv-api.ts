import type { ImportReport } from '../../../../shared/schemas/csv-import.schema';
import { getToken } from '../../../lib/session';

// The Import / Export screen talks to the same /api routes integrators use (files are not JSON
// procedures), with the signed-in person's bearer token, as the PDF downloads do.

export type ImportKind = 'products' | 'stock';

export type ImportAnswer =
  | { ok: true; report: ImportReport }
  /** 400/413: the file itself is wrong (encoding, columns, size); 409: rows refused at apply time. */
  | { ok: false; status: number; detail: string; report?: ImportReport };

export async function sendImport(kind: ImportKind, mode: 'dry_run' | 'apply', bytes: ArrayBuffer): Promise<ImportAnswer> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`/api/admin/import/${kind}?mode=${mode}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: bytes,
    });
  } catch {
    return { ok: false, status: 0, detail: 'The shop could not be reached. Check your connection and try again.' };
  }
  const body = (await res.json().catch(() => null)) as (Partial<ImportReport> & { detail?: string }) | null;
  if (res.ok && body?.rows) return { ok: true, report: body as ImportReport };
  return {
    ok: false,
    status: res.status,
    detail: body?.detail ?? `The import failed (${res.status})`,
    report: body?.rows ? (body as ImportReport) : undefined,
  };
}

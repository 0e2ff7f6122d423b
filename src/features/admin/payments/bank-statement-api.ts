import { getToken } from '../../../lib/session';

// The bank statement upload is a multipart plain route (a file, not a JSON procedure); the screen
// sends it with the signed-in person's bearer token, as the CSV import does.

interface UploadEntry {
  line_id: string;
  date: string;
  amount: number;
  description?: string;
  reference: string;
  problem?: string;
  order_id: string | null;
  order_number: string | null;
}

export interface UploadResult {
  bank: 'dbs' | 'ocbc' | 'uob' | 'generic';
  lines_read: number;
  matched: UploadEntry[];
  review: UploadEntry[];
  matched_count: number;
  review_count: number;
  already_seen: number;
  debits: number;
}

export async function uploadStatement(file: File): Promise<{ ok: true; result: UploadResult } | { ok: false; detail: string }> {
  const token = getToken();
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch('/api/admin/payments/bank-statements', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
  } catch {
    return { ok: false, detail: 'The shop could not be reached. Check your connection and try again.' };
  }
  const body = (await res.json().catch(() => null)) as (UploadResult & { detail?: string }) | null;
  if (res.ok && body && Array.isArray(body.matched)) return { ok: true, result: body };
  return { ok: false, detail: body?.detail ?? `The upload failed (${res.status})` };
}

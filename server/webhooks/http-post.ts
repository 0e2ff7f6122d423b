import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveWebhookTarget, WebhookAddressError } from './address-guard';

export interface PostResult {
  ok: boolean;
  statusCode: number | null;
  /** The start of the answer's body, for the delivery log. */
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

export interface PostOptions {
  allowPrivate: boolean;
  /** The whole attempt: DNS, connect, TLS, answer. */
  timeoutMs: number;
}

const EXCERPT_BYTES = 1024;

/**
 * One POST of a webhook. The connection goes to the address the guard checked (the lookup is
 * pinned to it), no redirect is followed (a 3xx is a failed attempt: a receiver that moved must be
 * re-registered), no connection is reused, and only the first KB of the answer is read.
 */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, options: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  try {
    const target = await resolveWebhookTarget(url, options.allowPrivate);
    if (deadline.aborted) throw new Error(`timed out after ${options.timeoutMs} ms`);
    const answer = await send(new URL(url), target, headers, body, deadline, options.timeoutMs);
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    const error = ok ? null : answer.statusCode >= 300 && answer.statusCode < 400 ? `The receiver answered ${answer.statusCode} (redirects are not followed)` : `The receiver answered ${answer.statusCode}`;
    return { ok, statusCode: answer.statusCode, excerpt: answer.excerpt, error, durationMs: took() };
  } catch (err) {
    const message = err instanceof WebhookAddressError ? `Refused: ${err.message}` : describe(err);
    return { ok: false, statusCode: null, excerpt: null, error: message, durationMs: took() };
  }
}

function send(url: URL, target: { address: string; family: 4 | 6 }, headers: Record<string, string>, body: string, signal: AbortSignal, timeoutMs: number) {
  const pinned: LookupFunction = (_host, opts, cb) => {
    // Node 20 asks for every address (happy eyeballs); either way it gets the checked one only.
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else cb(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  const payload = Buffer.from(body, 'utf8');
  return new Promise<{ statusCode: number; excerpt: string }>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(payload.length) },
        lookup: pinned,
        agent: false,
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => resolve({ statusCode: res.statusCode ?? 0, excerpt: cleanText(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8')) });
        res.on('data', (chunk: Buffer) => {
          if (size >= EXCERPT_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
          // Enough for the log: the rest of a large answer is not waited for.
          if (size >= EXCERPT_BYTES) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('error', () => finish());
      },
    );
    req.on('error', (err) => reject(signal.aborted ? new Error(`timed out after ${timeoutMs} ms`) : err));
    req.end(payload);
  });
}

function describe(err: unknown): string {
  const e = err as { code?: string; message?: string };
  if (e.code === 'ECONNREFUSED') return 'Connection refused';
  if (e.code === 'ECONNRESET') return 'The connection was reset';
  return cleanText(e.message ?? String(err)).slice(0, 500);
}

/** PostgreSQL text cannot hold NUL; control characters make the log unreadable. */
function cleanText(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

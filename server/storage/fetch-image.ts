import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveWebhookTarget, WebhookAddressError } from '../webhooks/address-guard';

/** Why an outside image could not be fetched, in words for the person who gave its address. */
export class ImageFetchError extends Error {}

export interface ImageFetchOptions {
  /** WEBHOOK_ALLOW_PRIVATE: the same switch as webhooks (tests serve images on 127.0.0.1). */
  allowPrivate: boolean;
  /** The byte cap: the upload limit. */
  maxBytes: number;
  timeoutMs: number;
  /** Certificate authorities trusted instead of Node's bundle (tests serve a self-signed 127.0.0.1). */
  ca?: string;
}

export interface FetchedImage {
  bytes: Buffer;
  /** The answer's media type, lower case, without parameters. */
  contentType: string;
}

/**
 * One GET of an outside image, with the webhook guard's server-side request forgery rules: the
 * host must resolve to a public address (unless allowPrivate) and the connection goes to that
 * checked address; no redirect is followed (the next hop would be unchecked); the whole fetch has
 * a deadline; at most maxBytes are read.
 */
export async function fetchImage(url: string, options: ImageFetchOptions): Promise<FetchedImage> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') throw new ImageFetchError('only https:// addresses are fetched');
  let target: { address: string; family: 4 | 6 };
  try {
    target = await resolveWebhookTarget(url, options.allowPrivate);
  } catch (err) {
    if (!(err instanceof WebhookAddressError)) throw err;
    // The guard words its refusal for webhooks; the reason is the same for images.
    throw new ImageFetchError(/private|loopback|link-local/i.test(err.message) ? `${parsed.hostname} is a private, loopback or link-local address, which the shop does not fetch from` : err.message);
  }
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    return await get(parsed, target, options, signal);
  } catch (err) {
    if (err instanceof ImageFetchError) throw err;
    if (signal.aborted) throw new ImageFetchError(`no complete answer within ${options.timeoutMs >= 1000 ? `${options.timeoutMs / 1000} s` : `${options.timeoutMs} ms`}`);
    throw new ImageFetchError(describe(err));
  }
}

function get(url: URL, target: { address: string; family: 4 | 6 }, options: ImageFetchOptions, signal: AbortSignal): Promise<FetchedImage> {
  const pinned: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else cb(null, target.address, target.family);
  };
  return new Promise<FetchedImage>((resolve, reject) => {
    const req = https.get(
      url,
      { lookup: pinned, agent: false, signal, ...(options.ca ? { ca: options.ca } : {}), headers: { accept: 'image/png, image/jpeg, image/webp, image/gif', 'user-agent': 'PackShop image fetch' } },
      (res) => {
        const fail = (message: string) => {
          res.destroy();
          reject(new ImageFetchError(message));
        };
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) return fail(`it answered ${status}, a redirect (redirects are not followed: give the image's own address)`);
        if (status !== 200) return fail(`it answered ${status}`);
        const contentType = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
        const tooLarge = `it is larger than ${Math.round(options.maxBytes / (1024 * 1024))}MB`;
        if (Number(res.headers['content-length'] ?? 0) > options.maxBytes) return fail(tooLarge);
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) return fail(tooLarge);
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ bytes: Buffer.concat(chunks), contentType }));
        res.on('error', reject);
        // A body cut short (the deadline, a dropped connection) is a failure, never a shorter image.
        res.on('close', () => {
          if (!res.complete) reject(new Error('the answer was cut short'));
        });
      },
    );
    req.on('error', reject);
  });
}

function describe(err: unknown): string {
  const e = err as { code?: string; message?: string };
  if (e.code === 'ECONNREFUSED') return 'the connection was refused';
  if (e.code === 'ECONNRESET') return 'the connection was reset';
  if (typeof e.code === 'string' && /CERT|SSL|TLS|SELF_SIGNED/.test(e.code)) return `its TLS certificate is not valid (${e.code})`;
  // eslint-disable-next-line no-control-regex
  return (e.message ?? String(err)).replace(/[\u0000-\u001f]/g, '').slice(0, 200);
}

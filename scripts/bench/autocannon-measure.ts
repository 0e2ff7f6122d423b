import autocannon from 'autocannon';
import { duration } from './bench-options';

export interface MeasuredRequest {
  method: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Headers made anew for every request. */
  freshHeaders?: () => Record<string, string>;
  /** A path and body made anew for every request. */
  freshRequest?: () => { path?: string; body?: unknown };
}

/** Loads `url` with autocannon for `seconds` over `connections`: requests per second, latency, failures. */
export async function measure(url: string, req: MeasuredRequest, connections = 50, seconds = duration) {
  const fresh = req.freshHeaders;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    method: req.method,
    headers: req.headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
    requests:
      fresh || req.freshRequest
        ? [
            {
              setupRequest: (r: { headers?: Record<string, string>; path?: string; body?: string }) => {
                const made = req.freshRequest?.() ?? {};
                return {
                  ...r,
                  headers: { ...r.headers, ...(fresh ? fresh() : {}) },
                  ...(made.path ? { path: made.path } : {}),
                  ...(made.body !== undefined ? { body: JSON.stringify(made.body) } : {}),
                };
              },
            },
          ]
        : undefined,
  });
  return { rps: result.requests.average, total: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { logger } from '../lib/log';
import { httpDuration, httpRequests } from '../lib/metrics';
import { setRequestFacts, type RequestFacts } from './request-facts';
import { routeLabel } from './route-label';

// One log line and one metrics sample per request. The request id is the proxy's (nginx
// `proxy_set_header X-Request-Id $request_id`) when it sent a plausible one, else a new UUID; it
// goes back in X-Request-Id and into every error answer, so a shopper can quote it.

const PLAUSIBLE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

// The labelled children, kept per (method, route, status): prom-client hashes the labels on every
// call otherwise. Bounded because routes are patterns (route-label.ts).
const children = new Map<string, { count: { inc(): void }; duration: { observe(v: number): void } }>();
function metricsFor(method: string, route: string, status: number) {
  const key = `${method} ${route} ${status}`;
  let c = children.get(key);
  if (!c) {
    const labels = { method, route, status: String(status) };
    c = { count: httpRequests.labels(labels), duration: httpDuration.labels(labels) };
    children.set(key, c);
  }
  return c;
}

export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && PLAUSIBLE_ID.test(incoming) ? incoming : randomUUID();
    const f: RequestFacts = { requestId };
    setRequestFacts(req, res, f);
    res.setHeader('X-Request-Id', requestId);
    let done = false;
    const onEnd = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // A client that hung up before the answer was sent is logged as 499, as nginx does.
      const status = res.writableFinished ? res.statusCode : 499;
      const route = routeLabel(req);
      const m = metricsFor(req.method, route, status);
      m.count.inc();
      m.duration.observe(seconds);
      // The error itself was logged once, with its cause, where it was answered (logServerError).
      const level = status >= 500 ? 'warn' : 'info';
      const log = logger();
      if (!log.isLevelEnabled(level)) return;
      // Only these fields: no query string, no headers, no body (tokens, passwords, addresses).
      log[level]({ req_id: requestId, method: req.method, route, status, ms: Math.round(seconds * 10_000) / 10, user_id: f.userId, key_id: f.keyId }, 'request');
    };
    // 'finish' when the answer was handed to the network; 'close' alone when the client hung up first.
    res.once('finish', onEnd);
    res.once('close', onEnd);
    next();
  };
}

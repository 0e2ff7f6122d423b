import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Router, type Request, type Response } from 'express';
import { registry } from '../lib/metrics';

// /metrics is for the monitoring system, never the public: on the main port only with
// METRICS_TOKEN as a bearer token, or on its own METRICS_PORT (which the firewall keeps private).

function sameToken(sent: string | undefined, expected: string): boolean {
  const a = Buffer.from(sent ?? '');
  const b = Buffer.from(`Bearer ${expected}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function sendMetrics(res: Response) {
  res.setHeader('Cache-Control', 'no-store');
  res.type(registry.contentType).send(await registry.metrics());
}

/** GET /metrics on the main app: 404 unless a token is configured, 401 without it. */
export function metricsRoute(token: string | undefined): Router {
  const r = Router();
  r.get('/metrics', (req: Request, res: Response, next) => {
    if (!token) return next();
    if (!sameToken(req.headers.authorization, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return void res.status(401).json({ detail: 'A valid metrics token is required' });
    }
    sendMetrics(res).catch(next);
  });
  return r;
}

/** A bare HTTP server answering only GET /metrics, for METRICS_PORT. */
export function startMetricsServer(port: number, host: string, token?: string): Server {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    if (token && !sameToken(req.headers.authorization, token)) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end();
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  server.listen(port, host);
  return server;
}

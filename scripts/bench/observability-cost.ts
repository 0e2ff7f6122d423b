import { EventEmitter } from 'node:events';
import { openSync } from 'node:fs';
import pino from 'pino';
import { requestLog } from '../../server/http/request-log';
import { buildLogger, setLogger } from '../../server/lib/log';

// npx tsx scripts/bench/observability-cost.ts
// CPU cost of what every request now pays for logs and metrics (request id, route label, one pino
// line to /dev/null, a counter and a histogram sample), measured in-process so that a busy machine
// does not drown it, to set beside the cached catalogue path's per-request cost from `npm run bench`.
setLogger(buildLogger('info', pino.destination({ dest: openSync('/dev/null', 'w'), sync: false })));
const mw = requestLog();
const paths = ['/api/products/cm1abcdefghijk0123456789', '/api/products/filter', '/api/products/filter-options'];

function once(i: number) {
  const res = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: true, setHeader() {} });
  const url = paths[i % 3];
  const req = { method: url.endsWith('filter') ? 'POST' : 'GET', originalUrl: url, headers: {} };
  mw(req as never, res as never, () => undefined);
  res.emit('finish');
  res.emit('close');
}

for (let i = 0; i < 20_000; i++) once(i); // warm up
const n = 200_000;
const start = process.cpuUsage();
for (let i = 0; i < n; i++) once(i);
const used = process.cpuUsage(start);
const us = (used.user + used.system) / n;
console.log(`logs + metrics: ${us.toFixed(2)} µs of CPU per request (${n} requests)`);

import { spawnSync } from 'node:child_process';
import { benchBackupUnderOrders } from './backup-under-orders';
import { duration, only, selected } from './bench-options';
import { dbCounters, drain } from './bench-shop';
import { measure } from './autocannon-measure';
import { processCpuMicros } from './process-cpu';
import { contractBenchPaths } from './contract-paths';
import { benchPaths, type BenchContext } from './paths';

// The sections of `npm run bench` that measure the running shop, each printing its own table.

/** What every section gets: the running server and a way to measure the bare one beside it. */
export interface SectionContext extends BenchContext {
  /** Measures the bare Express server now (a shorter run), for a ratio taken beside a path. */
  bareNow(): Promise<number>;
  /** The shop's environment, for commands run against it (the backup). */
  env: NodeJS.ProcessEnv;
  /** 'PostgreSQL' or 'embedded PostgreSQL', for the tables' titles. */
  databaseLabel: string;
  serverPid: number | undefined;
  /** When the measured server started (performance.now()), for the profile's marks. */
  serverStartedAt: number;
  /** With --profile: each path's window relative to the server's start (ms), so that profile-summary.ts can split the profile by path. */
  marks: { name: string; from_ms: number; to_ms: number }[];
}

interface Section {
  name: string;
  run(ctx: SectionContext): Promise<void>;
}

function printTable(rows: string[][]) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
}

/**
 * What logs and metrics cost on the cached catalogue path (target: under 5 %): their CPU per
 * request, measured in-process by observability-cost.ts, beside the server's whole CPU per request
 * on GET /api/products/{id} in this run.
 */
function printObservabilityCost(detailCpuMicros: number | undefined) {
  if (detailCpuMicros === undefined || !Number.isFinite(detailCpuMicros)) return;
  const out = spawnSync('npx', ['tsx', 'scripts/bench/observability-cost.ts'], { encoding: 'utf8' }).stdout ?? '';
  const m = /([\d.]+) µs of CPU per request/.exec(out);
  if (!m) return;
  const cost = Number(m[1]);
  const share = (cost / detailCpuMicros) * 100;
  console.log(`logs + metrics: ${cost.toFixed(1)} µs CPU per request = ${share.toFixed(1)} % of GET /api/products/{id} (${detailCpuMicros.toFixed(0)} µs CPU per request; target under 5 %)`);
}

const requestPaths: Section = {
  name: 'request paths',
  async run(ctx) {
    const header = ['path', 'req/s', 'p50 ms', 'p99 ms', 'bare req/s', 'vs bare', 'target', 'non-2xx', 'queries/req', 'db ms/req', 'cpu µs/req'];
    const rows: string[][] = [];
    const cpuPerRequest = new Map<string, number>();
    for (const path of [...benchPaths, ...contractBenchPaths]) {
      if (only && !only.some((o) => path.name.includes(o))) continue;
      const req = await path.request(ctx);
      await drain();
      // The machine is shared and its speed drifts within a run: each path is compared with the
      // bare server measured just before it.
      const bareRps = await ctx.bareNow();
      const before = await dbCounters();
      const from = performance.now() - ctx.serverStartedAt;
      const cpuBefore = processCpuMicros(ctx.serverPid);
      const r = await measure(`${ctx.baseUrl}${req.path}`, req, path.connections);
      const cpuAfter = processCpuMicros(ctx.serverPid);
      // The server's own CPU per request holds still when other work shares the machine.
      const cpu = cpuBefore !== undefined && cpuAfter !== undefined && r.total > 0 ? (cpuAfter - cpuBefore) / r.total : NaN;
      cpuPerRequest.set(path.name, cpu);
      ctx.marks.push({ name: path.name, from_ms: from, to_ms: performance.now() - ctx.serverStartedAt });
      await drain();
      const after = await dbCounters();
      const ratio = r.rps / bareRps;
      const perReq = (n: number) => (r.total > 0 && Number.isFinite(n) ? n / r.total : NaN);
      rows.push([
        path.name,
        r.rps.toFixed(0),
        `${r.p50.toFixed(1)}`,
        `${r.p99.toFixed(1)}`,
        bareRps.toFixed(0),
        `${(ratio * 100).toFixed(0)} %`,
        path.target ? `${(path.target * 100).toFixed(0)} % ${ratio >= path.target ? 'met' : 'MISSED'}` : '',
        String(r.non2xx + r.errors),
        // The drain's own /api/health calls make no query; the /metrics scrape makes at most one.
        perReq(after.queries - before.queries).toFixed(1),
        (perReq(after.seconds - before.seconds) * 1000).toFixed(2),
        Number.isFinite(cpu) ? cpu.toFixed(0) : '',
      ]);
    }
    if (rows.length === 0) return;
    console.log(`\nautocannon: 50 connections (unless noted), ${duration} s per path, loopback, ${ctx.databaseLabel}`);
    printTable([header, ...rows]);
    printObservabilityCost(cpuPerRequest.get('GET /api/products/{id}'));
  },
};

const backupUnderOrders: Section = {
  name: 'backup under orders',
  async run(ctx) {
    if (!selected('backup')) return;
    for (const line of await benchBackupUnderOrders(ctx, { env: ctx.env })) console.log(line);
  },
};

/** The sections, run in this order; add new ones at the end. */
export const sections: Section[] = [requestPaths, backupUnderOrders];

import { readFileSync } from 'node:fs';

// npx tsx scripts/bench/profile-summary.ts bench-profiles/<file>.cpuprofile [--marks marks.json] [--top 25]
// With --marks (written by the bench), one summary per path window; otherwise the whole profile.
// Sorts the self time of a V8 CPU profile (node --cpu-prof, see `npm run bench -- --profile`) into
// the buckets docs/performance.md reports per path: the database engine (PGlite's WebAssembly, or the
// pg driver), Prisma, our code, HTTP/tRPC plumbing, serialisation, GC and idle (waiting on I/O or
// for a connection), and lists the heaviest functions.

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top N]');
const top = process.argv.includes('--top') ? Number(process.argv[process.argv.indexOf('--top') + 1]) : 25;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

// Which WebAssembly module a frame belongs to (both are anonymous wasm://wasm/<hash>): a module is
// Prisma's query compiler if any of its frames is called from query_compiler_bg.js, else PGlite.
const prismaWasm = new Set<string>();

function bucket(n: Node): string {
  const { url, functionName: fn } = n.callFrame;
  if (fn === '(idle)') return 'idle (waiting: I/O, connection, event loop empty)';
  if (fn === '(garbage collector)') return 'GC';
  if (fn === '(program)') return 'V8/native (program)';
  if (url.startsWith('wasm://')) return prismaWasm.has(url) ? 'Prisma (query compiler wasm)' : 'database (PGlite wasm)';
  if (/@electric-sql\/pglite|pglite-prisma-adapter/.test(url)) return 'database (PGlite JS glue + adapter)';
  if (/node_modules\/(pg|pg-protocol|pg-pool|pg-types|@prisma\/adapter-pg)\//.test(url)) return 'database driver (pg + adapter)';
  if (/node_modules\/(@prisma|\.prisma)\//.test(url)) return 'Prisma (JS runtime)';
  if (/node_modules\/(@trpc|trpc-to-openapi)\//.test(url)) return 'tRPC + OpenAPI adapter';
  if (/node_modules\/zod\//.test(url)) return 'zod';
  if (/node_modules\/lucia|@oslojs/.test(url)) return 'lucia';
  if (/node_modules\/(express|router|body-parser|compression|helmet|on-finished|finalhandler|send|raw-body|type-is|content-type|accepts|negotiator|qs|iconv-lite|depd|statuses|debug|path-to-regexp|parseurl|vary|mime)/.test(url)) return 'Express + middleware';
  if (/node_modules\/(pino|prom-client)/.test(url)) return 'logging + metrics';
  if (/dist\/server\//.test(url)) return 'our code';
  if (/stringify|parse/i.test(fn) && !url) return 'serialisation (JSON)';
  if (url.startsWith('node:') || !url) return 'Node.js core (http, net, streams, timers)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  return m ? `other: ${m[1]}` : `other: ${url}`;
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
for (const n of profile.nodes) {
  if (!/query_compiler/.test(n.callFrame.url)) continue;
  for (const c of n.children ?? []) {
    const child = byId.get(c);
    if (child?.callFrame.url.startsWith('wasm://')) prismaWasm.add(child.callFrame.url);
  }
}
const marksFile = process.argv.includes('--marks') ? process.argv[process.argv.indexOf('--marks') + 1] : undefined;
const windows: { name: string; from_ms: number; to_ms: number }[] = marksFile
  ? JSON.parse(readFileSync(marksFile, 'utf8'))
  : [{ name: 'whole profile', from_ms: -Infinity, to_ms: Infinity }];

// Sample times relative to the profile's start (which is within a few ms of the process start).
const at: number[] = [];
let t = 0;
for (const d of profile.timeDeltas) at.push((t += d) / 1000);

for (const w of windows) {
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    if (at[i] < w.from_ms || at[i] > w.to_ms) continue;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const buckets = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const b = bucket(n);
    buckets.set(b, (buckets.get(b) ?? 0) + us);
    const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*dist\//, 'dist/')}:${n.callFrame.lineNumber}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
  console.log(`\n== ${w.name}: ${(total / 1e6).toFixed(1)} s sampled`);
  for (const [b, us] of [...buckets].sort((a, c) => c[1] - a[1])) console.log(`${pct(us)}  ${b}`);
  console.log(`top ${top} functions by self time:`);
  for (const [f, us] of [...fns].sort((a, c) => c[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${f}`);
}

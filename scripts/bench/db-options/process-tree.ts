import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { processCpuMicros } from '../process-cpu';

// What a database alternative's processes use, read from /proc (Linux): memory and CPU of the
// process and its descendants, and the size of its data directory.

const mb = (kb: number | undefined) => (kb === undefined ? undefined : Math.round(kb / 1024));
function procStatus(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const get = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
    return { rss: get('VmRSS'), hwm: get('VmHWM') };
  } catch {
    return undefined;
  }
}
function pssKb(pid: number): number {
  try {
    return Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
/** The process and all its descendants. */
export function tree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [p, pp] of parent) if (pp === out[i]) out.push(p);
  return out;
}
/** Memory of a database process tree: RSS summed (counts shared buffers once per process) and PSS summed. */
export function dbMem(pid: number | undefined) {
  if (!pid) return undefined;
  const pids = tree(pid);
  let rss = 0;
  let hwm = 0;
  let pss = 0;
  for (const p of pids) {
    const s = procStatus(p);
    rss += s?.rss ?? 0;
    hwm += s?.hwm ?? 0;
    pss += pssKb(p);
  }
  return { procs: pids.length, rssMB: mb(rss), peakMB: mb(hwm), pssMB: mb(pss) };
}
export function dbCpuMicros(pid: number | undefined): number {
  if (!pid) return 0;
  return tree(pid).reduce((s, p) => s + (processCpuMicros(p) ?? 0), 0);
}
export function duMB(dir: string): number | undefined {
  try {
    return Math.round(Number(execFileSync('du', ['-sk', dir]).toString().split('\t')[0]) / 1024);
  } catch {
    return undefined;
  }
}

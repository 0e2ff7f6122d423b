import { readFileSync } from 'node:fs';

// CPU time a process has used so far (user + system), from /proc: sampled around a measured path,
// it gives the server's CPU per request, which holds still when other work shares the machine,
// unlike requests per second. Undefined where /proc is not available.
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export function processCpuMicros(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) / TICKS_PER_SECOND) * 1e6;
  } catch {
    return undefined;
  }
}

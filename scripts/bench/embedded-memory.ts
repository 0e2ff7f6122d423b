import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ProcessTreeMemory {
  processes: number;
  rssMb: number;
  /** Proportional set size: shared buffers counted once across the server's processes, not once each. */
  pssMb: number;
}

const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

/**
 * Memory of the embedded PostgreSQL server under `dataDir` (its postmaster and every backend), read
 * from /proc. Null where there is no such server or no /proc.
 */
export function embeddedServerMemory(dataDir: string): ProcessTreeMemory | null {
  try {
    const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const pids = [postmaster];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // Field 4 of /proc/<pid>/stat is the parent; the name in field 2 may hold spaces.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) pids.push(Number(entry));
      } catch {
        /* the process ended meanwhile */
      }
    }
    let rss = 0;
    let pss = 0;
    for (const pid of pids) {
      try {
        const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
        rss += kb(rollup, 'Rss');
        pss += kb(rollup, 'Pss');
      } catch {
        /* the process ended meanwhile */
      }
    }
    return { processes: pids.length, rssMb: rss / 1024, pssMb: pss / 1024 };
  } catch {
    return null;
  }
}

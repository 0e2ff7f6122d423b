import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ProcessTreeMemory {
  processes: number;
  /** Resident pages summed over the processes: pages they share (shared buffers, the node binary) count once per process. */
  rssMb: number;
  /** Proportional set size: each shared page divided among the processes that map it, so the sum counts it once. */
  pssMb: number;
}

const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

/** Field 4 of /proc/<pid>/stat is the parent; the name in field 2 may hold spaces. */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** RSS and PSS summed over these processes (ones that ended meanwhile count nothing). */
export function processesMemory(pids: number[]): ProcessTreeMemory {
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
}

export interface EmbeddedServerMemory extends ProcessTreeMemory {
  /** The small node process between the shop and PostgreSQL that stops it when the shop dies (keeper.ts). */
  keeper: ProcessTreeMemory | null;
}

/**
 * Memory of the embedded PostgreSQL server under `dataDir` (its postmaster and every backend), and
 * of its keeper, read from /proc. Null where there is no such server or no /proc.
 */
export function embeddedServerMemory(dataDir: string): EmbeddedServerMemory | null {
  try {
    const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const pids = [postmaster];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (parentOf(Number(entry)) === postmaster) pids.push(Number(entry));
      } catch {
        /* the process ended meanwhile */
      }
    }
    const keeperPid = parentOf(postmaster);
    const keeper = /node/.test(readFileSync(`/proc/${keeperPid}/comm`, 'utf8')) ? processesMemory([keeperPid]) : null;
    return { ...processesMemory(pids), keeper };
  } catch {
    return null;
  }
}

export interface ShopMemory {
  app: ProcessTreeMemory;
  database: EmbeddedServerMemory | null;
  /** App, keeper and database together, each shared page once. */
  pssMb: number;
  /** App, keeper and database together, RSS summed: shared pages once per process (an upper bound). */
  rssMb: number;
}

/** The app process and, on the embedded database, its keeper and server: what the memory target counts. */
export function shopMemory(appPid: number, dataDir: string | null): ShopMemory {
  const app = processesMemory([appPid]);
  const database = dataDir ? embeddedServerMemory(dataDir) : null;
  const parts = [app, database, database?.keeper].filter((p): p is ProcessTreeMemory => Boolean(p));
  return { app, database, pssMb: parts.reduce((s, p) => s + p.pssMb, 0), rssMb: parts.reduce((s, p) => s + p.rssMb, 0) };
}

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { shopMemory } from './embedded-memory';

// The measured shop's memory for `npm run bench`: the app's peak, and app + embedded database
// together (the memory target counts both), sampled through the run and read again at the end.

/** The server's peak resident memory so far (Linux VmHWM), else its current RSS. */
function serverPeakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (hwm) return Number(hwm[1]) / 1024;
  } catch {
    /* not Linux */
  }
  const rss = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return rss ? Number(rss) / 1024 : null;
}

/**
 * Samples app + database every 2 s (reading /proc costs the run nothing) from now on; `report`
 * stops sampling and prints. `dataDir` is the embedded database's, null on PostgreSQL.
 */
export function memoryWatch(pid: number, dataDir: string | null, databaseLabel: string) {
  let peakTogether = { pssMb: 0, rssMb: 0 };
  const sampler = setInterval(() => {
    const now = shopMemory(pid, dataDir);
    peakTogether = { pssMb: Math.max(peakTogether.pssMb, now.pssMb), rssMb: Math.max(peakTogether.rssMb, now.rssMb) };
  }, 2_000);
  return {
    report() {
      clearInterval(sampler);
      const peak = serverPeakRssMb(pid);
      const rss = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
      if (peak !== null) {
        const now = rss ? `, ${(Number(rss) / 1024).toFixed(0)} MB at the end` : '';
        console.log(`server memory (RSS, ${databaseLabel}): peak ${peak.toFixed(0)} MB since it started${now}`);
      }
      // The embedded database is its own processes: the memory target counts the app and them together.
      const end = shopMemory(pid, dataDir);
      if (!end.database) return;
      const { app, database: db } = end;
      const keeper = db.keeper ? `, its keeper ${db.keeper.rssMb.toFixed(0)} MB RSS (${db.keeper.pssMb.toFixed(0)} MB PSS)` : '';
      console.log(
        `memory at the end: app ${app.rssMb.toFixed(0)} MB RSS (${app.pssMb.toFixed(0)} MB PSS); embedded database ${db.processes} processes, ${db.rssMb.toFixed(0)} MB RSS summed (${db.pssMb.toFixed(0)} MB PSS)${keeper}`,
      );
      console.log(
        `app + database together (PSS counts a shared page once, summed RSS once per process): at the end ${end.pssMb.toFixed(0)} MB PSS, ${end.rssMb.toFixed(0)} MB summed RSS; highest seen during the run ${peakTogether.pssMb.toFixed(0)} MB PSS, ${peakTogether.rssMb.toFixed(0)} MB summed RSS`,
      );
    },
  };
}

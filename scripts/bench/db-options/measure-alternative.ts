import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { newId } from '../../../server/db/ids';
import { readMigrations, runMigrations } from '../../../server/db/migrate';
import { N, WORK, sleep, step } from './config';
import { load, r2 } from './load';
import { dbCpuMicros, dbMem, duMB, tree } from './process-tree';
import { queued, starters } from './starters';

// One alternative measured, in a child process of its own: start, migrations, restart, CPU per
// statement, reads and transactions under load, memory, data directory size.

export async function measureAlternative(alt: string) {
  const dir = join(WORK, alt);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const out: Record<string, unknown> = { alt };
  const appRss = () => Math.round(process.memoryUsage().rss / 2 ** 20);

  // Cold start on a fresh directory (initdb), then the project's migrations.
  step(`${alt}: fresh start`);
  let t = performance.now();
  let s = await starters[alt](dir);
  out.freshStartMs = Math.round(performance.now() - t);
  out.dbMemAfterInit = dbMem(s.dbPid);
  step(`${alt}: migrations`);
  t = performance.now();
  await runMigrations(s.executor, readMigrations());
  out.migrateMs = Math.round(performance.now() - t);
  // Restart on the existing directory.
  if (alt !== 'P') {
    await s.stop();
    await sleep(200);
    t = performance.now();
    s = await starters[alt](dir);
    out.restartMs = Math.round(performance.now() - t);
  }
  await sleep(300);
  out.appRssAfterStartMB = appRss();
  out.dbMemAfterStart = dbMem(s.dbPid);

  const { db } = s;
  step(`${alt}: load`);
  // 1,000 users for the primary-key read.
  const ids = Array.from({ length: 1000 }, (_, i) => `bench-user-${i}`);
  await db.user.createMany({
    data: ids.map((id, i) => ({ id, email: `${id}@bench.test`, passwordHash: 'x', firstName: 'B', lastName: `${i}`, displayName: `B ${i}` })),
  });

  // App CPU per statement (process.cpuUsage: for A and C it includes the database, which runs in
  // this process) and the database process's own CPU (B, D).
  const cpu = async (name: string, op: (i: number) => Promise<unknown>) => {
    step(`cpu ${name}`);
    for (let i = 0; i < 200; i++) await op(i); // warm-up
    const c0 = process.cpuUsage();
    const d0 = dbCpuMicros(s.dbPid);
    for (let i = 0; i < N; i++) await op(i);
    const c = process.cpuUsage(c0);
    out[`${name}AppCpuMs`] = r2((c.user + c.system) / 1000 / N);
    if (s.dbPid) out[`${name}DbCpuMs`] = r2((dbCpuMicros(s.dbPid) - d0) / 1000 / N);
  };
  await cpu('select1', () => db.$queryRaw`SELECT 1`);
  await cpu('pkRead', (i) => db.user.findUnique({ where: { id: ids[i % 1000] } }));

  // Primary-key read, 1 and 20 clients, checking each answer belongs to its question (the socket
  // server multiplexes several connections onto one PostgreSQL session).
  let wrong = 0;
  const read = async (i: number) => {
    // findFirst, not findUnique: Prisma batches concurrent findUnique calls into one IN query.
    const u = await db.user.findFirst({ where: { id: ids[i % 1000] } });
    if (u?.id !== ids[i % 1000]) wrong++;
  };
  out.read1 = await load(1, N, read);
  out.read20 = await load(20, N * 2, read);
  out.wrongAnswers = wrong;

  // Short interactive transaction: insert + update. On A the app queues them (write-lock.ts).
  const tx = async (i: number) => {
    const run = () =>
      db.$transaction(async (t) => {
        const m = await t.contactMessage.create({ data: { id: newId(), name: `n${i}`, email: 'b@bench.test', message: 'hello' } });
        await t.contactMessage.update({ where: { id: m.id }, data: { isRead: true } });
      });
    await (alt === 'A' ? queued(run) : run());
  };
  out.tx1 = await load(1, Math.round(N / 2), tx);
  out.tx20 = await load(20, N, tx);
  // Without the app's queue on A: what Prisma does when twenty transactions meet one connection.
  if (alt === 'A')
    out.tx20NoQueue = await load(20, Math.round(N / 2), (i) =>
      db.$transaction(async (t) => {
        const m = await t.contactMessage.create({ data: { id: newId(), name: `q${i}`, email: 'b@bench.test', message: 'hello' } });
        await t.contactMessage.update({ where: { id: m.id }, data: { isRead: true } });
      }),
    );
  // Reads while transactions run: does a read wait behind a transaction of another connection?
  // A stall shows as no answer within 60 s: recorded, and the rest still measured.
  const mixed = await Promise.race([Promise.all([load(10, N, tx), load(10, N * 2, read)]), sleep(60_000).then(() => undefined)]);
  out.mixedTx = mixed?.[0] ?? 'stalled (no answer within 60 s)';
  out.mixedRead = mixed?.[1] ?? 'stalled';

  out.appRssAfterLoadMB = appRss();
  out.dbMemAfterLoad = dbMem(s.dbPid);
  await Promise.race([s.stop(), sleep(10_000)]);
  if (s.dbPid) for (const p of tree(s.dbPid).reverse()) try { process.kill(p, 'SIGKILL'); } catch { /* gone */ }
  out.dataDirMB = alt === 'P' ? undefined : duMB(dir);
  return out;
}

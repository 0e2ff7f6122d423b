import type { Prisma, PrismaClient } from '@prisma/client';

/**
 * Runs `work` while a transaction of the test holds `lock` (a `SELECT ... FOR UPDATE`), and lets the
 * row go once `waiters` connections wait on a lock: so two requests that `work` starts reach the row
 * together on every run, instead of one by chance finishing first. PostgreSQL only (several
 * connections).
 */
export async function whileRowHeld<T>(db: PrismaClient, lock: Prisma.Sql, work: () => Promise<T>, waiters = 2): Promise<T> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held!: () => void;
  const holding = new Promise<void>((r) => (held = r));
  const holder = db.$transaction(
    async (tx) => {
      await tx.$queryRaw(lock);
      held();
      await gate;
    },
    { timeout: 60_000 },
  );
  await holding;
  const answers = work();
  const waiting = async () =>
    Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_stat_activity WHERE "datname" = current_database() AND "wait_event_type" = 'Lock'`)[0].n);
  while ((await waiting()) < waiters) await new Promise((r) => setTimeout(r, 20));
  release();
  await holder;
  return answers;
}

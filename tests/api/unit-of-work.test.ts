import type { PrismaClient } from '@prisma/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionCacheFor } from '../../server/auth/session-cache';
import type { Database } from '../../server/db/client';
import {
  batchWrite,
  noteCatalogueChanged,
  noteOutboxQueued,
  notePromotionsChanged,
  noteSessionsChanged,
  noteWebhooksQueued,
  oneStatement,
  sqlUnitOfWork,
  unitOfWork,
} from '../../server/db/unit-of-work';
import { isDatabaseBusy, isUniqueViolation } from '../../server/db/errors';
import { onCatalogChanged } from '../../server/lib/catalog-events';
import { buildLogger, logger, setLogger } from '../../server/lib/log';
import { enqueueEmail, onOutboxWake } from '../../server/outbox/outbox';
import { onWebhooksWake, takeQueuedFlag } from '../../server/webhooks/emit';
import { createPostgresDb, createTestDb } from '../setup/test-db';
import { newId } from '../../server/db/ids';

// The one transaction helper on a real database: what the writes note runs after COMMIT, once, in
// a fixed order, never after a rollback, and a failing effect is logged, not thrown.

let database: Database;
let db: PrismaClient;
let seen: string[] = [];
const offs: Array<() => void> = [];

beforeAll(async () => {
  database = await createTestDb();
  db = database.db;
  offs.push(
    onCatalogChanged((reason) => seen.push(`catalogue:${reason}`)),
    onOutboxWake(() => seen.push('outbox')),
    onWebhooksWake(() => seen.push('webhooks')),
    sessionCacheFor(db).onChanged((c) => seen.push('userId' in c ? `session:user:${c.userId}` : `session:${c.sessionId}`)),
  );
});
afterAll(async () => {
  for (const off of offs) off();
  await database.close();
});
afterEach(() => {
  seen = [];
  takeQueuedFlag();
});

const email = (n: number) => ({ template: 'test', to: `a${n}@example.com`, subject: `S${n}`, html: '<p>x</p>', text: 'x' });
const queued = () => db.outboxMessage.count({ where: { template: 'test' } });

describe('unitOfWork', () => {
  it('runs nothing before COMMIT, and after it each effect once, in a fixed order', async () => {
    const before = await queued();
    const result = await unitOfWork(db, async (tx) => {
      noteWebhooksQueued(tx);
      await enqueueEmail(tx, email(1));
      await enqueueEmail(tx, email(2));
      noteSessionsChanged(tx, { userId: 'u1' });
      noteSessionsChanged(tx, { userId: 'u1' });
      noteSessionsChanged(tx, { sessionId: 's1' });
      notePromotionsChanged(tx);
      noteCatalogueChanged(tx, 'stock');
      noteCatalogueChanged(tx, 'product');
      // Another connection cannot see the rows yet, and nothing has run.
      expect(await queued()).toBe(before);
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await queued()).toBe(before + 2);
    // The promotion cache listens to catalogue changes, so one catalogue change covers both.
    expect(seen).toEqual(['catalogue:stock', 'session:user:u1', 'session:s1', 'outbox', 'webhooks']);
    expect(takeQueuedFlag()).toBe(true);
  });

  it('a promotions change alone is announced as one', async () => {
    await unitOfWork(db, async (tx) => {
      notePromotionsChanged(tx);
      notePromotionsChanged(tx);
    });
    expect(seen).toEqual(['catalogue:promotions']);
  });

  it('runs nothing for a transaction that rolled back, and the error reaches the caller', async () => {
    const before = await queued();
    const failed = unitOfWork(db, async (tx) => {
      await enqueueEmail(tx, email(3));
      noteCatalogueChanged(tx, 'stock');
      noteSessionsChanged(tx, { userId: 'u2' });
      noteWebhooksQueued(tx);
      throw new Error('refused');
    });
    await expect(failed).rejects.toThrow('refused');
    expect(await queued()).toBe(before);
    expect(seen).toEqual([]);
    expect(takeQueuedFlag()).toBe(false);
  });

  it('logs an effect that throws, runs the others and answers with the committed result', async () => {
    const lines: string[] = [];
    const previous = logger();
    setLogger(buildLogger('warn', { write: (line: string) => void lines.push(line) }));
    const off = onCatalogChanged(() => {
      throw new Error('cache broke');
    });
    try {
      const before = await queued();
      const result = await unitOfWork(db, async (tx) => {
        await enqueueEmail(tx, email(4));
        noteCatalogueChanged(tx, 'stock');
        return 42;
      });
      expect(result).toBe(42);
      expect(await queued()).toBe(before + 1);
      expect(seen).toContain('outbox');
    } finally {
      off();
      setLogger(previous);
    }
    const logged = lines.map((l) => JSON.parse(l) as { level: number; effect?: string; err?: { message: string } });
    expect(logged).toEqual([expect.objectContaining({ level: 50, effect: 'catalogue', err: expect.objectContaining({ message: 'cache broke' }) })]);
  });

  it("keeps the caller's transaction options", async () => {
    const [{ level }] = await unitOfWork(db, (tx) => tx.$queryRaw<{ level: string }[]>`SELECT current_setting('transaction_isolation') AS level`, { isolationLevel: 'Serializable' });
    expect(level).toBe('serializable');
    const slow = unitOfWork(
      db,
      async (tx) => {
        noteCatalogueChanged(tx, 'stock');
        await tx.$executeRaw`SELECT pg_sleep(0.5)`;
      },
      { timeout: 100 },
    );
    await expect(slow).rejects.toThrow();
    expect(seen).toEqual([]);
  });

  it('refuses a noted write outside a unit of work before it happens', async () => {
    const before = await queued();
    await expect(enqueueEmail(db as never, email(5))).rejects.toThrow(/outside unitOfWork/);
    expect(() => noteOutboxQueued(db as never)).toThrow(/outside unitOfWork/);
    expect(await queued()).toBe(before);
  });
});

describe('oneStatement and batchWrite', () => {
  it('oneStatement runs what was noted after the statement returned, and nothing when it failed', async () => {
    await oneStatement(db, async (unit) => {
      await db.$executeRaw`SELECT 1`;
      noteSessionsChanged(unit, { sessionId: 's9' });
    });
    expect(seen).toEqual(['session:s9']);
    seen = [];
    await expect(
      oneStatement(db, async (unit) => {
        noteOutboxQueued(unit);
        await db.$executeRaw`SELECT * FROM "NoSuchTable"`;
      }),
    ).rejects.toThrow();
    expect(seen).toEqual([]);
  });

  it('batchWrite commits all or nothing', async () => {
    const before = await queued();
    const row = (n: number) => db.outboxMessage.create({ data: { id: newId(), template: 'test', toAddress: `b${n}@example.com`, subject: 'b', html: 'b', text: 'b' } });
    await batchWrite(db, [row(1), row(2)]);
    expect(await queued()).toBe(before + 2);
    await expect(batchWrite(db, [row(3), db.outboxMessage.create({ data: { id: 'dup', template: 'test', toAddress: 'c', subject: 'c', html: 'c', text: 'c' } }), db.outboxMessage.create({ data: { id: 'dup', template: 'test', toAddress: 'c', subject: 'c', html: 'c', text: 'c' } })])).rejects.toThrow();
    expect(await queued()).toBe(before + 2);
  });
});

// The same unit on a plain pg connection of the pool (order placement, docs/decisions/0148).
describe('sqlUnitOfWork', () => {
  it('commits, then runs the effects once in the same order as unitOfWork; times are UTC both ways', async () => {
    const before = await queued();
    const at = new Date('2026-01-02T03:04:05.678Z');
    const rows = await sqlUnitOfWork(db, async (tx) => {
      noteWebhooksQueued(tx);
      await enqueueEmail(tx, email(11));
      noteSessionsChanged(tx, { userId: 'u1' });
      noteCatalogueChanged(tx, 'stock');
      expect(seen).toEqual([]);
      return tx.$queryRaw<{ at: Date; n: string }[]>`SELECT ${at}::timestamp AS "at", ${'x'} AS "n"`;
    });
    expect(rows).toEqual([{ at, n: 'x' }]);
    expect(await queued()).toBe(before + 1);
    expect(seen).toEqual(['catalogue:stock', 'session:user:u1', 'outbox', 'webhooks']);
  });

  it('rolls back on an error, runs no effect, and hands the connection back for reuse', async () => {
    const before = await queued();
    const small = await createPostgresDb(1);
    try {
      for (let i = 0; i < 3; i++) {
        const failed = sqlUnitOfWork(small.db, async (tx) => {
          await enqueueEmail(tx, email(20 + i));
          await tx.$executeRaw`INSERT INTO "IdempotencyKey" ("id", "scope", "owner", "key") VALUES ('k1', 'order', 'u', 'same'), ('k2', 'order', 'u', 'same')`;
        });
        await expect(failed).rejects.toSatisfy(isUniqueViolation);
      }
      expect(await small.db.outboxMessage.count({ where: { template: 'test' } })).toBe(0);
      // One connection in the pool, three failures: it came back each time.
      expect(await sqlUnitOfWork(small.db, (tx) => tx.$queryRaw<unknown[]>`SELECT 1 AS "one"`)).toEqual([{ one: 1 }]);
    } finally {
      await small.close();
    }
    expect(await queued()).toBe(before);
    expect(seen).toEqual([]);
  });

  it('ends as busy (503) when no connection comes within maxWait, and rolls back a transaction past its timeout', async () => {
    const small = await createPostgresDb(1);
    try {
      const holding = sqlUnitOfWork(small.db, (tx) => tx.$executeRaw`SELECT pg_sleep(0.6)`);
      await expect(sqlUnitOfWork(small.db, (tx) => tx.$executeRaw`SELECT 1`, { maxWait: 100 })).rejects.toSatisfy(isDatabaseBusy);
      await holding;
      const slow = sqlUnitOfWork(
        small.db,
        async (tx) => {
          noteOutboxQueued(tx);
          await tx.$executeRaw`INSERT INTO "Setting" ("key", "value", "updatedAt") VALUES ('uow-timeout', '{}'::jsonb, now())`;
          await tx.$executeRaw`SELECT pg_sleep(0.5)`;
        },
        { timeout: 100 },
      );
      await expect(slow).rejects.toSatisfy(isDatabaseBusy);
      expect(await small.db.setting.count({ where: { key: 'uow-timeout' } })).toBe(0);
      // The timed-out connection was closed and replaced: the pool still serves.
      expect(await sqlUnitOfWork(small.db, (tx) => tx.$queryRaw<unknown[]>`SELECT 1 AS "one"`)).toEqual([{ one: 1 }]);
    } finally {
      await small.close();
    }
    expect(seen).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client';
import { unitOfWork } from '../../server/db/unit-of-work';
import { enqueueEmail } from '../../server/outbox/outbox';
import { createOutboxSender } from '../../server/outbox/sender';
import { smtpTransport } from '../../server/outbox/transport';
import { startTestSmtp, type TestSmtp } from '../setup/smtp';
import { createPostgresDb } from '../setup/test-db';

// Two app instances = two PrismaClients with their own pools on one database, each with its sender.
let a: Awaited<ReturnType<typeof createPostgresDb>>;
let b: Database;
let smtp: TestSmtp;
beforeAll(async () => {
  a = await createPostgresDb(5);
  b = await openPostgres(a.url, 5);
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
  await b?.close();
  await a?.close();
});

describe('two senders on one PostgreSQL database', () => {
  it('deliver every message exactly once', async () => {
    const N = 40;
    await unitOfWork(a.db, async (tx) => {
      for (let i = 0; i < N; i++) {
        await enqueueEmail(tx, { template: 'test', to: `shopper${i}@example.com`, subject: `Message ${i}`, html: `<p>${i}</p>`, text: `${i}` });
      }
    });
    // Small batches, so the two senders interleave their claims many times.
    const senderA = createOutboxSender(a.db, { transport: smtpTransport(smtp.url), from: 'a@packshop.test', batchSize: 3 });
    const senderB = createOutboxSender(b.db, { transport: smtpTransport(smtp.url), from: 'b@packshop.test', batchSize: 3 });
    const [ra, rb] = await Promise.all([senderA.runOnce(), senderB.runOnce()]);
    await Promise.all([senderA.stop(), senderB.stop()]);

    expect(ra.sent + rb.sent).toBe(N);
    // Both did part of the work (otherwise the test would prove nothing about concurrency).
    expect(ra.sent).toBeGreaterThan(0);
    expect(rb.sent).toBeGreaterThan(0);
    const ids = smtp.received.map((m) => String(m.headers.get('x-packshop-message')));
    expect(ids).toHaveLength(N);
    expect(new Set(ids).size).toBe(N);
    expect(await a.db.outboxMessage.count({ where: { status: 'sent', attempts: 1 } })).toBe(N);
  });
});

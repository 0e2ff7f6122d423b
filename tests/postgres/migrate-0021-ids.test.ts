import { describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { readMigrations, runMigrations } from '../../server/db/migrate';
import { createPostgresDb } from '../setup/test-db';

// Migration 0021 (decision 0177) on a database holding both delivery id forms, on the embedded
// server and, with TEST_DATABASE_URL, on PostgreSQL.

describe('0021: one id format per table', () => {
  it("gives the webhook deliveries written as 'whd_' the newId() form, in creation order, with their attempts", async () => {
    const database = await createPostgresDb(10, { empty: true });
    const migrations = readMigrations();
    await runMigrations(database.executor, migrations.slice(0, migrations.findIndex((m) => m.name.startsWith('0021_'))));
    const db = database.db;
    const endpoint = await db.webhookEndpoint.create({ data: { id: newId(), url: 'https://erp.example.com/hooks', events: ['order.created'], secret: 'whsec_x' }, select: { id: true } });
    const event = (id: string, seq: number) => ({ id, type: 'order.created', resourceKey: 'order:1', payload: '{}', seq: BigInt(seq) });
    // Receivers hold event ids (the webhook-id header): the old "msg_" form must survive.
    const events = [event('msg_0123456789abcdef0123456789abcdef', 1), event('msg_fedcba9876543210fedcba9876543210', 2), event(newId(), 3)];
    await db.webhookEvent.createMany({ data: events });
    // Two raw-SQL deliveries of the same millisecond as the release before wrote them, one made by Prisma's cuid().
    const at = new Date('2026-11-20T10:00:00.123Z');
    const oldIds = ['whd_00000000000000000000000000000001', 'whd_ffffffffffffffffffffffffffffffff'];
    const cuid = 'cmhx1y2z30000abcdefghijkl';
    const delivery = (id: string, e: (typeof events)[number]) => ({ id, eventId: e.id, endpointId: endpoint.id, resourceKey: e.resourceKey, seq: e.seq, createdAt: at, updatedAt: at });
    await db.webhookDelivery.createMany({ data: [delivery(oldIds[1], events[0]), delivery(oldIds[0], events[1]), delivery(cuid, events[2])] });
    await db.webhookAttempt.createMany({
      data: [oldIds[1], oldIds[1], oldIds[0], cuid].map((deliveryId, i) => ({ id: newId(), deliveryId, startedAt: at, durationMs: i, statusCode: 500 })),
    });

    await runMigrations(database.executor, migrations);
    const rows = await db.webhookDelivery.findMany({ orderBy: { seq: 'asc' }, select: { id: true, eventId: true, attemptLog: { select: { durationMs: true } } } });
    expect(rows.map((r) => r.eventId)).toEqual(events.map((e) => e.id));
    for (const r of rows) expect(r.id).toMatch(/^c[0-9a-z]{24}$/);
    expect(rows[2].id).toBe(cuid);
    // The creation time leads the id, and deliveries of one millisecond keep the order of their seq.
    expect(rows[0].id.slice(1, 9)).toBe(at.getTime().toString(36).padStart(8, '0'));
    expect(rows[0].id < rows[1].id).toBe(true);
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
    // The attempts followed their delivery (ON UPDATE CASCADE); nothing was lost or added.
    expect(rows.map((r) => r.attemptLog.map((a) => a.durationMs).sort())).toEqual([[0, 1], [2], [3]]);
    expect(await db.webhookAttempt.count()).toBe(4);
    expect(await db.webhookEvent.count()).toBe(3);
    await database.close();
  }, 60_000);
});

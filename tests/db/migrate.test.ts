import { describe, expect, it } from 'vitest';
import { sessionRowId } from '../../server/auth/lucia';
import { readMigrations, runMigrations } from '../../server/db/migrate';
import { createPostgresDb } from '../setup/test-db';
import { newId } from '../../server/db/ids';

describe('migration runner on an empty database', () => {
  it('applies the migrations in order once and is a no-op the second time', async () => {
    const database = await createPostgresDb(10, { empty: true });
    const migrations = readMigrations();
    expect(migrations.map((m) => m.name)).toEqual([...migrations.map((m) => m.name)].sort());
    expect(await runMigrations(database.executor, migrations)).toEqual(migrations.map((m) => m.name));
    expect(await runMigrations(database.executor, migrations)).toEqual([]);
    expect(await database.db.product.count()).toBe(0);
    await database.close();
  }, 60_000);
});

describe('0010: reset links queued before the upgrade', () => {
  it('ends every open link, blanks it out of the stored bodies and withdraws the undelivered ones', async () => {
    const database = await createPostgresDb(10, { empty: true });
    const migrations = readMigrations();
    const upTo = migrations.findIndex((m) => m.name.startsWith('0010_'));
    await runMigrations(database.executor, migrations.slice(0, upTo));
    const db = database.db;
    const user = await db.user.create({ data: { id: newId(), email: 'owner@example.com', passwordHash: 'x', firstName: 'O', lastName: 'W', displayName: 'O W', role: 'admin' }, select: { id: true, email: true } });
    await db.passwordResetToken.create({ data: { id: newId(), userId: user.id, tokenHash: 'a'.repeat(64), expiresAt: new Date(Date.now() + 60_000) } });
    const link = 'https://shop.example/reset-password?token=qRA5WfzcR8ldhv19QLS7IKOOrBbh5Bc7ap376eurhbA';
    const body = { template: 'password_reset', toAddress: user.email, subject: 'Reset your password', html: `<a href="${link}">Choose</a>`, text: `Choose a new password: ${link}` };
    // select: the client already knows the column 0010 adds.
    const queued = await db.outboxMessage.create({ data: { id: newId(), ...body, status: 'pending' }, select: { id: true } });
    const sent = await db.outboxMessage.create({ data: { id: newId(), ...body, status: 'sent' }, select: { id: true } });
    const other = await db.outboxMessage.create({ data: { id: newId(), ...body, template: 'order_confirmation', status: 'pending' }, select: { id: true } });

    await runMigrations(database.executor, migrations);
    expect((await db.passwordResetToken.findFirstOrThrow()).usedAt).not.toBeNull();
    for (const id of [queued.id, sent.id]) {
      const row = await db.outboxMessage.findUniqueOrThrow({ where: { id } });
      expect(`${row.html}${row.text}`).not.toContain('qRA5Wfzc');
      expect(row.text).toBe('Choose a new password: https://shop.example/reset-password?token=[reset link hidden]');
    }
    expect((await db.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } })).status).toBe('failed');
    expect((await db.outboxMessage.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe('sent');
    expect((await db.outboxMessage.findUniqueOrThrow({ where: { id: other.id } })).text).toContain('qRA5Wfzc');
    await database.close();
  }, 60_000);
});

describe('0011: session tokens stored hashed', () => {
  it('keeps existing sessions working: each row id becomes the SHA-256 of its token', async () => {
    const database = await createPostgresDb(10, { empty: true });
    const migrations = readMigrations();
    await runMigrations(database.executor, migrations.slice(0, migrations.findIndex((m) => m.name.startsWith('0011_'))));
    const db = database.db;
    const user = await db.user.create({ data: { id: newId(), email: 'a@example.com', passwordHash: 'x', firstName: 'A', lastName: 'B', displayName: 'A B' }, select: { id: true } });
    await db.session.create({ data: { id: 'oldstyletoken123', userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) }, select: { id: true } });
    await runMigrations(database.executor, migrations);
    expect((await db.session.findMany({ select: { id: true } })).map((s) => s.id)).toEqual([sessionRowId('oldstyletoken123')]);
    await database.close();
  }, 60_000);
});

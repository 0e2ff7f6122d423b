import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startNotifySync, type NotifySync } from '../../server/lib/notify-sync';
import { serverAdminUrl } from '../setup/test-db';

// The one NOTIFY sync (server/lib/notify-sync.ts) on a real PostgreSQL server: two "instances" in
// this process, each with its own LISTEN connection and its own local signal.
const url = serverAdminUrl();
const CHANNEL = 'notify_sync_test';

/** An instance: a local signal to announce, and what it applied from the others. */
function instance(opts: { onConnected?: () => void; onDisconnected?: () => void } = {}) {
  const listeners = new Set<(change: string) => void>();
  const applied: string[] = [];
  const logged: string[] = [];
  const sync = startNotifySync<string>({
    databaseUrl: url,
    channel: CHANNEL,
    subscribe: (fn) => (listeners.add(fn), () => listeners.delete(fn)),
    apply(change) {
      applied.push(change);
      // A cache that announces what it applies (as catalogChanged does) must not echo it back.
      for (const l of listeners) l(change);
    },
    encode: (from, change) => JSON.stringify({ from, change }),
    decode(payload) {
      try {
        const m = JSON.parse(payload ?? '') as { from?: unknown; change?: unknown };
        return typeof m.from === 'string' && typeof m.change === 'string' ? { from: m.from, change: m.change } : null;
      } catch {
        return null;
      }
    },
    whileDown: 'relying on the TTL',
    log: (msg) => logged.push(msg),
    ...opts,
  });
  const change = (c: string) => {
    for (const l of listeners) l(c);
  };
  return { sync, change, applied, logged, listeners };
}

const started: NotifySync[] = [];
const track = <T extends { sync: NotifySync }>(i: T) => (started.push(i.sync), i);
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
});

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('the NOTIFY sync', () => {
  it("applies another instance's change, never its own, and never announces what it applied", async () => {
    const one = track(instance());
    const two = track(instance());
    await Promise.all([one.sync.ready, two.sync.ready]);
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    await watcher.query(`LISTEN ${CHANNEL}`);
    const payloads: string[] = [];
    watcher.on('notification', (m) => payloads.push(m.payload ?? ''));

    one.change('price of mailer 25x35');
    expect(await waitFor(() => two.applied.length === 1)).toBe(true);
    expect(two.applied).toEqual(['price of mailer 25x35']);
    await new Promise((r) => setTimeout(r, 200));
    await watcher.end();
    expect(one.applied).toEqual([]);
    // One announcement only: the instance that applied it did not send it on.
    expect(payloads.map((p) => JSON.parse(p) as unknown)).toEqual([{ from: one.sync.instanceId, change: 'price of mailer 25x35' }]);
  });

  it('ignores payloads that are not its own kind', async () => {
    const one = track(instance());
    await one.sync.ready;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('SELECT pg_notify($1, $2)', [CHANNEL, 'not json']);
    await other.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ from: 'elsewhere', change: 'stock' })]);
    await other.end();
    expect(await waitFor(() => one.applied.length === 1)).toBe(true);
    expect(one.applied).toEqual(['stock']);
  });

  it('tells the cache when its connection ends and when LISTEN is back', async () => {
    const events: string[] = [];
    const one = track(instance({ onConnected: () => events.push('connected'), onDisconnected: () => events.push('disconnected') }));
    await one.sync.ready;
    expect(events).toEqual(['connected']);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // The server ends the LISTEN connection (a restart, a failover): it comes back on its own.
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query = $1", [`LISTEN ${CHANNEL}`]);
    await admin.end();
    expect(await waitFor(() => events.length >= 3)).toBe(true);
    expect(events.slice(0, 3)).toEqual(['connected', 'disconnected', 'connected']);
  });

  it('logs and carries on when PostgreSQL cannot be reached, and stops cleanly', async () => {
    const logged: string[] = [];
    const sync = startNotifySync<string>({
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      channel: CHANNEL,
      subscribe: () => () => undefined,
      apply: () => undefined,
      encode: (from) => from,
      decode: () => null,
      whileDown: 'relying on the TTL',
      log: (msg) => logged.push(msg),
    });
    await sync.ready;
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^notify_sync_test LISTEN unavailable \(.*\); relying on the TTL$/);
    await sync.stop();
  });

  it('stops: unsubscribed from the local signal, and deaf to the channel', async () => {
    const one = track(instance());
    const two = instance();
    await Promise.all([one.sync.ready, two.sync.ready]);
    await two.sync.stop();
    expect(two.listeners.size).toBe(0);
    one.change('after stop');
    await new Promise((r) => setTimeout(r, 200));
    expect(two.applied).toEqual([]);
  });
});

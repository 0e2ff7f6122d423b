import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogChanged, onCatalogChanged } from '../../server/lib/catalog-events';
import { cachedAnswer, cacheSize } from '../../server/services/catalogue/catalog-cache';
import { CATALOG_CHANNEL, startCatalogSync, type CatalogSync } from '../../server/services/catalogue/catalog-sync';
import { serverAdminUrl } from '../setup/test-db';

const url = serverAdminUrl();
let sync: CatalogSync;
let other: pg.Client;
beforeAll(async () => {
  sync = startCatalogSync(url);
  await sync.ready;
  other = new pg.Client({ connectionString: url });
  await other.connect();
  await other.query(`LISTEN ${CATALOG_CHANNEL}`);
});
afterAll(async () => {
  await sync.stop();
  await other.end();
});

const nextNotification = (client: pg.Client) => new Promise<pg.Notification>((resolve) => client.once('notification', resolve));
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('catalogue cache across instances (LISTEN/NOTIFY)', () => {
  it('announces a local change to the other instances with its own id', async () => {
    const heard = nextNotification(other);
    catalogChanged('test');
    const msg = await heard;
    expect(msg.payload).toBe(sync.instanceId);
  });

  it("drops this instance's cache when another instance changes the catalogue, without echoing it", async () => {
    await cachedAnswer({}, 'listing', async () => 'cached');
    expect(cacheSize()).toBeGreaterThan(0);
    let localSignals = 0;
    const off = onCatalogChanged(() => localSignals++);
    const echoes: string[] = [];
    const collect = (m: pg.Notification) => echoes.push(m.payload ?? '');
    other.on('notification', collect);
    await other.query('SELECT pg_notify($1, $2)', [CATALOG_CHANNEL, 'another-instance']);
    expect(await waitFor(() => cacheSize() === 0)).toBe(true);
    expect(localSignals).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    // Only the remote's own notification: this instance did not announce the replay again.
    expect(echoes).toEqual(['another-instance']);
    other.off('notification', collect);
    off();
  });
});

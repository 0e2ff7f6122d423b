import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { createApp, type AppOptions } from '../../server/app';
import type { Database } from '../../server/db/client';
import { createDeps, type AppDeps } from '../../server/deps';
import { LocalImageStorage } from '../../server/storage/image-storage';
import { createContextInner } from '../../server/trpc/context';
import { createCaller } from '../../server/trpc/root';
import { createTestDb } from './test-db';

export interface TestApp {
  database: Database;
  deps: AppDeps;
  db: Database['db'];
  uploadsDir: string;
  baseUrl: string;
  /** tRPC door: a server-side caller with the given bearer token / guest id. */
  caller(opts?: { token?: string | null; guestId?: string | null; ip?: string; idempotencyKey?: string }): ReturnType<typeof createCaller>;
  /** REST door: a real HTTP request to /api on an ephemeral port. */
  api(method: string, path: string, opts?: { body?: unknown; token?: string | null; guestId?: string; headers?: Record<string, string>; rawBody?: string }): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/** A whole app on a fresh database, served on 127.0.0.1 with an ephemeral port. */
export async function createTestApp(options: AppOptions = {}): Promise<TestApp> {
  const database = await createTestDb();
  const uploadsDir = mkdtempSync(join(tmpdir(), 'packshop-uploads-'));
  // Webhook receivers in tests listen on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=1); tests of the refusal turn it off.
  const deps = createDeps(database.db, new LocalImageStorage(uploadsDir), { webhookAllowPrivate: true });
  const app = createApp(deps, options);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  // fetch keeps connections alive; a server closing an idle one just as a test reuses it gives a
  // spurious ECONNRESET after a long test, so idle connections are kept well past any test's length.
  server.keepAliveTimeout = 120_000;
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    database,
    deps,
    db: database.db,
    uploadsDir,
    baseUrl,
    caller: (opts = {}) => createCaller(createContextInner({ deps, ip: '127.0.0.1', ...opts })),
    async api(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.guestId) headers['x-session-id'] = opts.guestId;
      let body: string | undefined = opts.rawBody;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      } else if (body !== undefined) {
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(`${baseUrl}/api${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: the test will see the raw text */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async close() {
      await new Promise((r) => server.close(r));
      await database.close();
      // A run makes hundreds of these; left behind they fill /tmp on a CI machine.
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

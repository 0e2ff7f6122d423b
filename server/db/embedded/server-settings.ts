// How the embedded server is set up: its superuser, its socket, the settings it starts with and the
// environment its processes run in. Read by embedded-server.ts, which runs it.

export const SUPERUSER = 'packshop';
// Only names the socket file (.s.PGSQL.5432): the server listens on no TCP port.
export const SOCKET_PORT = 5432;
// Unix socket paths are limited to about 107 bytes.
export const MAX_SOCKET_PATH = 100;

// Sized for a small shop beside its app on one machine, whose memory target counts both (decision
// 0149): a few connections, modest shared memory, and no helper process the shop does not use.
// An owner with memory to spare raises any of them with EMBEDDED_DB_SETTINGS (server/env.ts).
export const BASE_SETTINGS: Record<string, string> = {
  listen_addresses: '',
  unix_socket_permissions: '0700',
  max_connections: '40',
  // Counted once however many processes map it; the operating system's file cache serves the rest.
  shared_buffers: '32MB',
  // PostgreSQL 18 reads through three I/O worker processes by default; a backend reading for itself
  // costs a small shop nothing and saves those processes.
  io_method: 'sync',
  // No logical replication here: no launcher process waiting for subscriptions.
  max_logical_replication_workers: '0',
  // One autovacuum worker at a time, its dead-row memory capped (the default takes maintenance_work_mem).
  autovacuum_max_workers: '1',
  autovacuum_work_mem: '32MB',
  huge_pages: 'off',
  log_min_messages: 'warning',
  logging_collector: 'off',
};

/** Messages in English whatever the machine's locale, so the shop can recognise them. */
export function serverEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, LANG: 'C', LC_ALL: 'C', LC_MESSAGES: 'C', TZ: 'UTC' };
}

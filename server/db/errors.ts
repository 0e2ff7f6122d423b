import { Prisma } from '@prisma/client';

/**
 * True when a write failed on a unique constraint. The pg adapter reports Prisma's P2002; the
 * PGlite adapter (0.6) passes PostgreSQL's own error (code 23505) through instead.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (err instanceof Prisma.PrismaClientKnownRequestError) return err.code === 'P2002' || (err.code === 'P2010' && rawQueryCode(err) === '23505');
  const e = err as { cause?: { code?: string; originalCode?: string; kind?: string }; code?: string };
  const cause = e?.cause;
  return cause?.code === '23505' || cause?.originalCode === '23505' || cause?.kind === 'UniqueConstraintViolation' || e?.code === '23505';
}

/** A raw query's failure ($queryRaw / $executeRaw, P2010) carries the driver's error in its meta. */
function rawQueryCode(err: Prisma.PrismaClientKnownRequestError): string | undefined {
  const cause = (err.meta as { driverAdapterError?: { cause?: { code?: unknown; originalCode?: unknown } } } | undefined)?.driverAdapterError?.cause;
  const code = cause?.originalCode ?? cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when a write referenced a row that no longer exists (foreign key, code 23503 / P2003). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (err instanceof Prisma.PrismaClientKnownRequestError) return err.code === 'P2003';
  const cause = (err as { cause?: { code?: string; originalCode?: string } })?.cause;
  return cause?.code === '23503' || cause?.originalCode === '23503';
}

/**
 * The PostgreSQL error code behind a failed query, whichever adapter reported it (pg through Prisma
 * puts it on `cause.originalCode`, PGlite on `cause.code` or the error itself).
 */
export function postgresCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: { code?: unknown; originalCode?: unknown } } }; cause?: { code?: unknown; originalCode?: unknown } };
  const adapter = e?.meta?.driverAdapterError?.cause;
  for (const c of [e?.cause?.originalCode, e?.cause?.code, adapter?.originalCode, adapter?.code, e?.meta?.code, e?.code]) {
    if (typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c)) return c;
  }
  return undefined;
}

/**
 * True when the database refused a value itself (SQLSTATE class 22, "data exception": invalid
 * UTF-8, a NUL byte, a number out of range): the caller's input was bad, not the server.
 */
export const isDataException = (err: unknown): boolean => postgresCode(err)?.startsWith('22') ?? false;

// Prisma's codes for "no connection": can't reach the server, the server closed the connection,
// no pooled connection in time.
const UNREACHABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
const SOCKET_ERRORS = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOENT']);

/**
 * True when the database could not be reached or dropped the connection (the embedded server
 * restarting, a PostgreSQL failover): the request may succeed in a moment, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } }; cause?: unknown };
  if (typeof e?.code === 'string' && UNREACHABLE_PRISMA_CODES.has(e.code)) return true;
  // A socket error on a pooled connection whose server went away (write EPIPE, read ECONNRESET):
  // from the driver with its syscall, or copied by Prisma onto its own error (code 'EPIPE', no syscall).
  const sys = err as { code?: unknown; syscall?: unknown; name?: unknown };
  if (typeof sys?.code === 'string' && SOCKET_ERRORS.has(sys.code)) {
    if (typeof sys.syscall === 'string' ? sys.syscall !== 'open' : sys.name === 'PrismaClientKnownRequestError') return true;
  }
  // The driver's own socket errors, e.g. "connect ENOENT /path/.s.PGSQL.5432" while the socket is gone.
  const message = (err as { message?: unknown })?.message;
  if (typeof message === 'string' && /\bconnect (ECONNREFUSED|ENOENT|ETIMEDOUT|EHOSTUNREACH)\b|Connection terminated|Client has encountered a connection error/.test(message)) return true;
  const kind = e?.meta?.driverAdapterError?.cause?.kind;
  if (kind === 'DatabaseNotReachable' || kind === 'ConnectionClosed' || kind === 'SocketTimeout') return true;
  // SQLSTATE class 08 (connection exception) and 57P01-57P03 (the server shutting down or starting).
  const code = postgresCode(err);
  if (code && (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03')) return true;
  return e?.cause !== undefined && e.cause !== err && isDatabaseUnavailable(e.cause);
}

/**
 * sqlUnitOfWork's P2028: no connection within its wait, or the transaction ran past its timeout and
 * was rolled back (its connection closed).
 */
export class DatabaseBusyError extends Error {
  override readonly name = 'DatabaseBusyError';
}

/** True when a transaction could not start in time because every connection was busy (Prisma P2028), or a transaction or statement ran out of time. */
export function isDatabaseBusy(err: unknown): boolean {
  if (err instanceof DatabaseBusyError) return true;
  // A statement cancelled at DB_STATEMENT_TIMEOUT_MS (query_canceled): the database is too slow right now.
  if (postgresCode(err) === '57014') return true;
  const e = err as { code?: unknown; message?: unknown };
  // pg-pool's connectionTimeoutMillis: no pooled connection within 5 s (all busy, or stuck on a
  // frozen server); Prisma passes it through as it is.
  if (typeof e?.message === 'string' && /^timeout exceeded when trying to connect/i.test(e.message)) return true;
  return e?.code === 'P2028' && typeof e.message === 'string' && /Unable to start a transaction|Transaction already closed|expired/i.test(e.message);
}

// PostgreSQL's disk_full (class 53, insufficient resources): a file or table could not grow. Its
// errcode_for_file_access() gives it to any write that met ENOSPC; the message names the OS error.
const DISK_FULL_SQLSTATE = '53100';
const NO_SPACE_MESSAGE = /No space left on device|Disk quota exceeded/i;
const NO_SPACE_ERRNO = new Set(['ENOSPC', 'EDQUOT']);

/**
 * True when a write failed because a disk is full (or over its quota): PostgreSQL's 53100 from the
 * driver or wrapped by Prisma (P2010, DriverAdapterError), or ENOSPC/EDQUOT from a file the shop
 * writes (an image, a backup). Nothing is lost and nothing is wrong with the request: it will
 * succeed once there is room, so it is a 503, not a 500 (decision 0162).
 */
export function isDiskFull(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  if (postgresCode(err) === DISK_FULL_SQLSTATE) return true;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: { cause?: { message?: unknown; originalMessage?: unknown } } } };
  if (typeof e.code === 'string' && NO_SPACE_ERRNO.has(e.code)) return true;
  const adapter = e.meta?.driverAdapterError?.cause;
  for (const m of [e.message, adapter?.originalMessage, adapter?.message]) if (typeof m === 'string' && NO_SPACE_MESSAGE.test(m)) return true;
  return e.cause !== err && isDiskFull(e.cause, depth + 1);
}

import { Prisma } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { isDatabaseBusy, isDatabaseUnavailable } from './errors';

// What counts as "the database is away" decides between a 503 (retry) and a 500 (a defect).
describe('isDatabaseUnavailable', () => {
  const prismaError = (message: string, code: string) => new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: '6' });

  it('recognises a pooled connection whose server was killed, as Prisma reports it (write EPIPE, no syscall)', () => {
    expect(isDatabaseUnavailable(prismaError('Invalid `prisma.$queryRaw()` invocation:\n\nwrite EPIPE', 'EPIPE'))).toBe(true);
    expect(isDatabaseUnavailable(prismaError('read ECONNRESET', 'ECONNRESET'))).toBe(true);
  });

  it('recognises the driver socket errors and Prisma connection codes', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('write EPIPE'), { code: 'EPIPE', syscall: 'write' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('connect ENOENT /data/postgres-run/.s.PGSQL.5432'))).toBe(true);
    expect(isDatabaseUnavailable(prismaError("Can't reach database server", 'P1001'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
  });

  it('does not excuse other failures: a missing file, a unique violation, a plain bug', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
    expect(isDatabaseUnavailable(prismaError('Unique constraint failed', 'P2002'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it('tells a busy database (no connection for a transaction in time) apart', () => {
    expect(isDatabaseBusy(prismaError('Transaction API error: Unable to start a transaction in the given time.', 'P2028'))).toBe(true);
    expect(isDatabaseBusy(prismaError('write EPIPE', 'EPIPE'))).toBe(false);
  });

  it('counts a statement cancelled at DB_STATEMENT_TIMEOUT_MS and no pooled connection in time as busy (decision 0160)', () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014', severity: 'ERROR' });
    expect(isDatabaseBusy(cancelled)).toBe(true);
    expect(isDatabaseBusy(Object.assign(new Error('Raw query failed.'), { cause: { originalCode: '57014' } }))).toBe(true);
    // pg-pool's connectionTimeoutMillis, passed through Prisma as it is.
    expect(isDatabaseBusy(Object.assign(new Error('timeout exceeded when trying to connect'), { clientVersion: '6.19.3' }))).toBe(true);
    expect(isDatabaseBusy(new Error('a timeout exceeded when trying to connect to the mail server'))).toBe(false);
  });
});

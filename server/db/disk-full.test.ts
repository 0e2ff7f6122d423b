import { Prisma } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { DISK_FULL_DETAIL, DISK_FULL_RETRY_AFTER_S, toHttpError } from '../lib/http-error';
import { isDatabaseUnavailable, isDiskFull } from './errors';

// The shapes below were captured from PostgreSQL 18 (the embedded server) on a full tmpfs by
// tests/db/disk-full.test.ts (DISK_FULL_SHAPES=1 prints them); that test checks the live ones too.
const EXTEND = 'could not extend file "base/16384/17441": No space left on device';

/** `$executeRaw` on a full disk: Prisma's P2010 with the driver's error in its meta. */
const rawQueryError = () =>
  new Prisma.PrismaClientKnownRequestError(`\nInvalid \`prisma.$executeRawUnsafe()\` invocation:\n\n\nRaw query failed. Code: \`53100\`. Message: \`${EXTEND}\``, {
    code: 'P2010',
    clientVersion: '6.19.3',
    meta: {
      driverAdapterError: {
        name: 'DriverAdapterError',
        cause: { originalCode: '53100', originalMessage: EXTEND, kind: 'postgres', code: '53100', severity: 'ERROR', message: EXTEND, hint: 'Check free disk space.' },
      },
    },
  });

/** A model write (`create`) on a full disk: the adapter's DriverAdapterError passed through, its payload as the cause. */
const modelWriteError = () =>
  Object.assign(new Error(EXTEND), {
    name: 'DriverAdapterError',
    cause: { originalCode: '53100', originalMessage: EXTEND, kind: 'postgres', code: '53100', severity: 'ERROR', message: EXTEND },
  });

/** The pg driver's own error (the raw executor: sqlUnitOfWork, migrations, backups). */
const driverError = () => Object.assign(new Error(EXTEND), { code: '53100', severity: 'ERROR', hint: 'Check free disk space.' });

/** A file the shop writes (an image, a backup) on a full disk or over its quota. */
const errno = (code: 'ENOSPC' | 'EDQUOT') =>
  Object.assign(new Error(`${code}: ${code === 'ENOSPC' ? 'no space left on device' : 'disk quota exceeded'}, write`), { code, errno: -28, syscall: 'write' });

describe('isDiskFull', () => {
  it('recognises PostgreSQL 53100 however it arrives: Prisma P2010, a model write, the driver', () => {
    expect(isDiskFull(rawQueryError())).toBe(true);
    expect(isDiskFull(modelWriteError())).toBe(true);
    expect(isDiskFull(driverError())).toBe(true);
  });

  it('recognises ENOSPC and EDQUOT from a file write, also wrapped as a cause', () => {
    expect(isDiskFull(errno('ENOSPC'))).toBe(true);
    expect(isDiskFull(errno('EDQUOT'))).toBe(true);
    expect(isDiskFull(new Error('Could not store the image', { cause: errno('ENOSPC') }))).toBe(true);
  });

  it('recognises a file write PostgreSQL reports under another code by its message (a temporary file of a sort)', () => {
    expect(isDiskFull(Object.assign(new Error('could not write to file "base/pgsql_tmp/pgsql_tmp123.0": No space left on device'), { code: '53000' }))).toBe(true);
  });

  it('does not take other failures for a full disk', () => {
    expect(isDiskFull(new Prisma.PrismaClientKnownRequestError('Unique constraint failed', { code: 'P2002', clientVersion: '6' }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('too many connections'), { code: '53300' }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('out of memory'), { code: '53200' }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
    expect(isDiskFull(new TypeError('x is undefined'))).toBe(false);
    expect(isDiskFull(null)).toBe(false);
  });

  it('is answered 503 with the shopper sentence and a minute to wait, not as an unreachable database', () => {
    for (const err of [rawQueryError(), modelWriteError(), driverError(), errno('ENOSPC')]) {
      expect(toHttpError(err)).toEqual({ status: 503, detail: DISK_FULL_DETAIL, retryAfterS: DISK_FULL_RETRY_AFTER_S });
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
  });
});

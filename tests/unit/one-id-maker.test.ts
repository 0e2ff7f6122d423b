import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { projectRoot } from '../../server/lib/paths';

// Every row id is made by newId() (server/db/ids.ts, decision 0177): Prisma creates pass it, raw
// SQL inserts take it as a parameter. Another maker (Prisma's cuid() or uuid(), a database default,
// gen_random_uuid() in a statement, randomUUID() in code) would put a second id format in a table.

const ID = /^c[0-9a-z]{24}$/;

function files(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(join(projectRoot, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter(keep);
}

const read = (path: string) => readFileSync(join(projectRoot, path), 'utf8');

/** Places that make random identifiers which are not row ids, and why. */
const NOT_ROW_IDS = new Set([
  'server/lib/notify-sync.ts', // this instance's name on a NOTIFY channel (catalogue, sessions)
  'server/http/request-log.ts', // a request's id in the log and the X-Request-Id header
]);

describe('one id maker', () => {
  it('newId() makes 25 characters that sort in the order they were made', () => {
    const ids = Array.from({ length: 2000 }, () => newId());
    for (const id of ids) expect(id).toMatch(ID);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('no model in prisma/schema.prisma gives its id a default: every create states newId()', () => {
    const schema = read('prisma/schema.prisma');
    expect(schema).not.toMatch(/\b(cuid|uuid|nanoid|ulid)\(/);
    const withDefault = schema.split('\n').filter((line) => /^\s+id\s+String\b.*@default\(/.test(line));
    expect(withDefault).toEqual([]);
  });

  it('no SQL statement or migration from 0021 on makes ids in the database', () => {
    const sqlFiles = files('server', (f) => f.endsWith('.sql.ts'));
    const laterMigrations = files('prisma/migrations', (f) => f.endsWith('migration.sql') && f.split('/')[2] >= '0021');
    expect(sqlFiles.length).toBeGreaterThan(20);
    const makers = /gen_random_uuid|uuid_generate|random\(\)::text|md5\(random/i;
    const offending = [...sqlFiles, ...laterMigrations].filter((f) => makers.test(read(f)));
    expect(offending).toEqual([]);
  });

  it('no server code makes random uuids for rows', () => {
    const code = files('server', (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const offending = code.filter((f) => /\brandomUUID\b|\buuidv[47]\b|\bcreateId\(/.test(read(f)) && !NOT_ROW_IDS.has(relative('.', f)));
    expect(offending).toEqual([]);
  });
});

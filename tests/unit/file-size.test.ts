import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/lib/paths';

// A source file past 300 lines usually holds two things (the house style: small files with names that say
// what they hold; issue 39 point 3, decision 0184). Tests and seed data are long lists by nature and
// are left out; everything else the shop, its scripts and its pages are made of is counted, with no
// exception.

const MAX_LINES = 300;
const ROOTS = ['server', 'shared', 'src', 'scripts'];
/** Seed data: the catalogue and its pictures, as data, not code. */
const SEED = /^server\/seed\//;

function sourceFiles(): string[] {
  return ROOTS.flatMap((root) =>
    readdirSync(join(projectRoot, root), { recursive: true, encoding: 'utf8' })
      .map((f) => `${root}/${f.split('\\').join('/')}`)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !SEED.test(f) && !f.includes('node_modules/')),
  );
}

/** Lines as `wc -l` counts them: one per line ending. */
const lineCount = (path: string) => (readFileSync(join(projectRoot, path), 'utf8').match(/\n/g) ?? []).length;

describe('file size', () => {
  it(`finds the source files (a guard against counting nothing)`, () => {
    expect(sourceFiles()).toContain('server/services/orders/order-placement.service.ts');
  });

  it(`no source file outside tests and seed data is over ${MAX_LINES} lines`, () => {
    const offenders = sourceFiles()
      .map((path) => ({ path, lines: lineCount(path) }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.path}: ${f.lines} lines`);
    expect(offenders, `Split these into files that each hold one thing:\n${offenders.join('\n')}`).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first: sweeps and scale tests of 20-150 s each on the 2-core
 * machine, where most files take 1-5 s.
 *
 * Vitest starts the files it has timed before longest first, but on a clean clone (CI) it has no
 * times and starts the largest files first. There the 40,000-product CSV (one short test) came last
 * and ran alone for 70 s while the other workers had nothing left (issue 39, point 7).
 */
const LONG_FILES = [
  'tests/api/http/trpc-hostile.test.ts',
  'tests/api/http/fuzz.test.ts',
  'tests/api/catalogue/csv-import-products-scale.test.ts',
  'tests/api/payments/bank-statements.test.ts',
  'tests/api/catalogue/csv-import-scale.test.ts',
  'tests/db/backup.test.ts',
  'tests/db/database-outage.test.ts',
  'tests/api/inventory/csv-import-stock-webhooks-scale.test.ts',
  'server/services/catalogue/catalog-cache.test.ts',
  'tests/api/accounts/auth.test.ts',
];
const missing = LONG_FILES.filter((f) => !existsSync(new URL(`../../${f}`, import.meta.url)));
if (missing.length) throw new Error(`tests/setup/long-files-first.ts names files that do not exist: ${missing.join(', ')}`);

/** Vitest's order (projects one after another, failed and then longest first when it has times), with the files above first in each project. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    const rank = (f: TestSpecification) => {
      const i = LONG_FILES.findIndex((long) => f.moduleId.endsWith(`/${long}`));
      return i < 0 ? LONG_FILES.length : i;
    };
    return sorted
      .map((spec, at) => ({ spec, at, project: projects.indexOf(spec.project.name), rank: rank(spec) }))
      .sort((a, b) => a.project - b.project || a.rank - b.rank || a.at - b.at)
      .map((x) => x.spec);
  }
}

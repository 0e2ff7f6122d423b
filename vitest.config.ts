import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './tests/setup/long-files-first';

// Unit and API tests. API tests get a fresh database per file on the shop's embedded PostgreSQL
// server, started once per run (tests/setup/global-setup.ts); with TEST_DATABASE_URL set, the API
// and PostgreSQL tests run a second time, each file on its own database on that server.
const shared = {
  globalSetup: ['tests/setup/global-setup.ts'],
  setupFiles: ['tests/setup/fail-on-console-error.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  // A worker imports the app once and runs its files one after another on it, instead of importing
  // it again for each file (about 4 s a file on the 2-core machine, more than most files' tests).
  // Each file still gets its own database and its own app; what a file changes in a module's state
  // (the logger, a fake clock) it puts back (decision 0203).
  isolate: false,
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on the 2-core CI
    // machine. Much of an API test's time is spent waiting on the database server (its own
    // processes), so several files at a time finish the run sooner there: two left a quarter of
    // the two cores idle, three use them (decisions 0182 and 0211).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // The sweeps and scale tests start first, also on a clean clone where vitest has no times yet.
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          ...shared,
          name: 'embedded',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/db/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/postgres/**/*.test.ts'],
          env: { NODE_ENV: 'test', TEST_DB: 'embedded' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: ['tests/api/**/*.test.ts', 'tests/postgres/**/*.test.ts'],
                env: { NODE_ENV: 'test', TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});

import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { dataDirOf, E2E_PORT, E2E_WORKERS, shopPort, smtpPortOf } from './tests/e2e/support/e2e-paths';
import * as S from './tests/e2e/support/stripe-e2e';

// Journeys run in Chromium against the built server on a scratch database seeded with the
// catalogue. Debian's chromium is used where installed (CI installs it); otherwise Playwright's.
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

// Stripe journeys (tests/e2e/stripe-*.spec.ts, project "stripe") run against a second shop with
// Stripe on and the Stripe test server beside it (tests/e2e/support/stripe-e2e.ts); every other
// journey keeps the shop without Stripe, as the specification describes it. The two extra servers
// start only when the run includes a stripe journey (no file named, or one matching "stripe").
const files = process.argv.slice(2).filter((a) => !a.startsWith('-') && a !== 'test');
const withStripe = files.length === 0 || files.some((f) => /stripe/.test(f));

const shopEnv = {
  HOST: '127.0.0.1',
  // The journeys register a new shopper each; the real limit (20 per address per hour) would
  // stop a full run from one address.
  RATE_LIMIT_SCALE: '20',
  NODE_ENV: 'production',
  ADMIN_EMAIL: 'admin@packshop.test',
  ADMIN_PASSWORD: 'admin-password-123',
  // The webhook journey's receiver listens on 127.0.0.1.
  WEBHOOK_ALLOW_PRIVATE: '1',
  // The shop's first backup right after start (DATA_DIR/backups), not 90 s in: the backups
  // journey and the dashboard then start from a good one.
  BACKUP_START_DELAY_MS: '0',
};

const stripeServers = [
  {
    command: 'npx tsx tests/e2e/support/stripe-server-main.ts',
    url: `${S.E2E_STRIPE_API_URL}/health`,
    timeout: 60_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  },
  {
    // Started after the first shop, whose command built dist/.
    command: `rm -rf ${S.E2E_STRIPE_DATA_DIR} && node --import ./tests/e2e/support/mail-catcher.mjs dist/server/index.js`,
    url: `${S.E2E_STRIPE_SHOP_URL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      ...shopEnv,
      PORT: String(S.E2E_STRIPE_SHOP_PORT),
      DATA_DIR: S.E2E_STRIPE_DATA_DIR,
      PUBLIC_URL: S.E2E_STRIPE_SHOP_URL,
      SMTP_URL: `smtp://127.0.0.1:${S.E2E_STRIPE_SMTP_PORT}`,
      E2E_SMTP_PORT: String(S.E2E_STRIPE_SMTP_PORT),
      E2E_MAIL_DIR: S.E2E_STRIPE_MAIL_DIR,
      STRIPE_SECRET_KEY: S.E2E_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: S.E2E_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: S.E2E_STRIPE_API_URL,
    },
  },
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Files are shared out between the workers; the tests of one file run in order on one shop.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // This worker's shop: the config is loaded again in each worker, with its index set.
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: S.STRIPE_SPECS },
    { name: 'stripe', use: { ...devices['Desktop Chrome'], baseURL: S.E2E_STRIPE_SHOP_URL }, testMatch: S.STRIPE_SPECS },
  ],
  webServer: [
    // One shop per worker (tests/e2e/support/e2e-paths.ts). E-mail goes over real SMTP to a catcher
    // inside each shop's process (tests/e2e/support/mail-catcher.mjs), which writes each message to
    // that shop's mail folder for the journeys to read as the customer's inbox.
    ...Array.from({ length: E2E_WORKERS }, (_, worker) => {
      const port = shopPort(worker);
      const dataDir = dataDirOf(port);
      return {
        // E2E_BUILT=1: dist/ is already built for this commit (.ci/run builds once for the journeys
        // and Node 24). Only the first shop builds; Playwright starts the servers one after another.
        command: `${process.env.E2E_BUILT || worker > 0 ? '' : 'npm run build && '}rm -rf ${dataDir} && node --import ./tests/e2e/support/mail-catcher.mjs dist/server/index.js`,
        url: `http://127.0.0.1:${port}/api/health`,
        timeout: 240_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
        env: {
          ...shopEnv,
          PORT: String(port),
          DATA_DIR: dataDir,
          SMTP_URL: `smtp://127.0.0.1:${smtpPortOf(port)}`,
          E2E_SMTP_PORT: String(smtpPortOf(port)),
          E2E_MAIL_DIR: `${dataDir}/mail`,
        },
      };
    }),
    ...(withStripe ? stripeServers : []),
  ],
});

import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { dataDirOf, E2E_BASE_PORT, E2E_PORT, E2E_WORKERS, shopPort, smtpPortOf } from './tests/e2e/support/e2e-paths';
import * as S from './tests/e2e/support/stripe-e2e';

// Journeys run in Chromium against the built server on a scratch database seeded with the
// catalogue. Debian's headless shell is used where installed (CI installs it): the same engine
// without the browser's window layer, which is what Playwright itself runs headless, and it ran
// the same journeys on a third less CPU than the full browser (issue 39, point 7). Then Debian's
// full chromium; otherwise Playwright's own. E2E_CHROMIUM names another binary.
const chromium =
  process.env.E2E_CHROMIUM ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

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
  // Image copies when a page asks for them, not all 328 in the background: ~25 CPU s a shop, and a
  // run starts three (issue 39, point 7; the product-images journey still gets every copy it asks for).
  IMAGE_COPIES_AT_START: '0',
};

/** A built shop on `port` with its own data directory and mail catcher (tests/e2e/support/e2e-paths.ts). */
function shopServer(port: number, env: Record<string, string> = {}) {
  const dataDir = dataDirOf(port);
  return {
    name: `shop ${port}`,
    command: `rm -rf ${dataDir} && node --import ./tests/e2e/support/mail-catcher.mjs dist/server/index.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    env: { ...shopEnv, PORT: String(port), DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtpPortOf(port)}`, E2E_SMTP_PORT: String(smtpPortOf(port)), E2E_MAIL_DIR: `${dataDir}/mail`, ...env },
  };
}

// One shop per worker (tests/e2e/support/e2e-paths.ts). E-mail goes over real SMTP to a catcher
// inside each shop's process (tests/e2e/support/mail-catcher.mjs), which writes each message to
// that shop's mail folder for the journeys to read as the customer's inbox.
const servers = [
  ...Array.from({ length: E2E_WORKERS }, (_, worker) => shopServer(shopPort(worker))),
  ...(withStripe
    ? [
        { name: 'stripe test server', command: 'npx tsx tests/e2e/support/stripe-server-main.ts', url: `${S.E2E_STRIPE_API_URL}/health`, env: {} },
        shopServer(S.E2E_STRIPE_SHOP_PORT, {
          PUBLIC_URL: S.E2E_STRIPE_SHOP_URL,
          STRIPE_SECRET_KEY: S.E2E_STRIPE_SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: S.E2E_STRIPE_WEBHOOK_SECRET,
          STRIPE_API_URL: S.E2E_STRIPE_API_URL,
        }),
      ]
    : []),
];
/** Where tests/e2e/support/start-servers.mjs answers once every server does. */
const serversPort = E2E_BASE_PORT - 1;

export default defineConfig({
  testDir: 'tests/e2e',
  // Files are shared out between the workers; the tests of one file run in order on one shop.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // Where the journeys' time goes (issue 39, point 7): the slowest files, printed at the end of a run.
  reportSlowTests: { max: 12, threshold: 30_000 },
  use: {
    // This worker's shop: the config is loaded again in each worker, with its index set.
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A trace only when a failed journey is run again (CI retries once; locally `--trace on`):
    // recording one for every journey cost about a quarter of the run's CPU (issue 39, point 7).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // As a visitor who asks for reduced motion (src/index.css): no animation frames to draw. The
    // same four journey files took 255 -> 228 busy CPU s, mean of runs one after the other.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: S.STRIPE_SPECS },
    { name: 'stripe', use: { ...devices['Desktop Chrome'], baseURL: S.E2E_STRIPE_SHOP_URL }, testMatch: S.STRIPE_SPECS },
  ],
  // All the servers are started side by side by one launcher, built first unless E2E_BUILT=1 says
  // dist/ is already built for this commit (.ci/run builds once for the journeys and Node 24).
  webServer: {
    command: `${process.env.E2E_BUILT ? '' : 'npm run build && '}node tests/e2e/support/start-servers.mjs`,
    url: `http://127.0.0.1:${serversPort}/`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_SERVERS: JSON.stringify(servers), E2E_SERVERS_PORT: String(serversPort), E2E_SERVERS_TIMEOUT_MS: '240000' },
  },
});

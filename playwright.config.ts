import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_MAIL_DIR, E2E_PORT, E2E_SMTP_PORT } from './tests/e2e/support/e2e-paths';

// Journeys run in Chromium against the built server on a scratch database seeded with the
// catalogue. Debian's chromium is used where installed (CI installs it); otherwise Playwright's.
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const PORT = E2E_PORT;
const DATA_DIR = E2E_DATA_DIR;
// E-mail goes over real SMTP to a catcher inside the server process (tests/e2e/support/mail-catcher.mjs),
// which writes each message to E2E_MAIL_DIR for the journeys to read as the customer's inbox.
const SMTP_PORT = E2E_SMTP_PORT;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `npm run build && rm -rf ${DATA_DIR} && node --import ./tests/e2e/support/mail-catcher.mjs dist/server/index.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      // The journeys register a new shopper each; the real limit (20 per address per hour) would
      // stop a full run from one address.
      RATE_LIMIT_SCALE: '20',
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'admin@packshop.test',
      ADMIN_PASSWORD: 'admin-password-123',
      // The webhook journey's receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: '1',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      E2E_SMTP_PORT: String(SMTP_PORT),
      E2E_MAIL_DIR,
      // The shop's first backup right after start (DATA_DIR/backups), not 90 s in: the backups
      // journey and the dashboard then start from a good one.
      BACKUP_START_DELAY_MS: '0',
    },
  },
});

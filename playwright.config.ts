import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Journeys run in Chromium against the built server on a scratch database seeded with the
// catalogue. Debian's chromium is used where installed (CI installs it); otherwise Playwright's.
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const PORT = Number(process.env.E2E_PORT ?? 3100);
// One data directory per port, so two e2e servers never share (or wipe) one database.
const DATA_DIR = `.e2e-data/${PORT}`;

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
    command: `npm run build && rm -rf ${DATA_DIR} && node dist/server/index.js`,
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
    },
  },
});

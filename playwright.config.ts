import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { e2eToday } from './tests/e2e/clock.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}: run scripts/ensure-chromium (npm run test:e2e does).`);
}

const PORT = Number(process.env.E2E_PORT ?? 4173);
// One clock for the server and the browsers (tests/e2e/clock.ts): set once here, inherited by the server and workers.
process.env.E2E_TODAY = e2eToday();
process.env.E2E_CLOCK_ORIGIN ??= String(Date.now());

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Journeys with two browsers (agent and manager) take 25-35 s on the 2-core CI machine: 30 s timed one out there.
  timeout: 60_000,
  expect: { timeout: 7_500 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import @swc-node/register/esm-register tests/e2e/serve.ts',
    url: `http://localhost:${PORT}/healthz`,
    // Jobs polled every 3 s (the default is 2): a queued change stays visible long enough for the dialog's tests.
    env: {
      E2E_PORT: String(PORT),
      JOB_POLLING_SECONDS: '3',
      E2E_TODAY: process.env.E2E_TODAY,
      E2E_CLOCK_ORIGIN: process.env.E2E_CLOCK_ORIGIN,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { e2eToday } from './tests/e2e/clock.js';
import { CHROMIUM } from './tests/support/chromium.js';

if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}: run scripts/ensure-chromium (npm run test:e2e does).`);
}

// One clock for the server and the browsers (tests/e2e/clock.ts): set once here, inherited by the server and workers.
process.env.E2E_TODAY = e2eToday();
process.env.E2E_CLOCK_ORIGIN ??= String(Date.now());

/**
 * The journeys run on the embedded database with one connection, as `npm start` runs (whatever DATABASE_URL says),
 * each spec file on its own server and its own copy of the seeded database (tests/e2e/README.md).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // Two files at a time, each on its own server: 137 journeys in 18.1 min on the 2-core machine, against 22.0 with one
  // (issue 23's session 36; none flaky). The tests of a file stay in order on one worker.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Journeys with two browsers (agent and manager) take 25-35 s on the 2-core CI machine: 30 s timed one out there.
  timeout: 60_000,
  // On CI two journeys, their two servers and browsers share 2 cores: a first page load there has taken more than 7.5 s
  // (the overview, the bill dashboard; each passed on retry or alone), so CI waits longer for what a page will show.
  expect: { timeout: process.env.CI ? 15_000 : 7_500 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // A failed journey keeps its trace (every action with the page's DOM before and after it, and the network) without
    // the trace's screencast, a JPEG per frame of every journey, failed or not: two spec files' 8 journeys used 3-7 s
    // less CPU so (39-40 s against 42-46 s; 39 s with no trace at all). The failure's own screenshot stays.
    trace: { mode: 'retain-on-failure', screenshots: false },
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
});

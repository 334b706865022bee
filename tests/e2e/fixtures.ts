import { test as base } from '@playwright/test';
import { onRunClock } from './clock.js';
import { FileServers, type FileServer } from './file-servers.js';

export { expect, type Locator, type Page } from '@playwright/test';

/**
 * Playwright's test for the journeys: the specs import `test` and `expect` from here (README.md in this folder).
 * - Each spec file has its own server on its own fresh copy of the seeded embedded database (file-servers.ts):
 *   `page`, `request` and every `browser.newContext()` reach it through `baseURL`, so a spec never names a port, and
 *   no spec sees what another changed. The tests of one file share its server, in order.
 * - A spec file may give its server settings of its own (`serverEnv`), e.g. short session limits.
 * - Every page is on the run's clock (clock.ts).
 */
export const test = base.extend<
  { server: FileServer; serverEnv: Record<string, string> },
  { fileServers: FileServers }
>({
  /**
   * Settings of the file's server over the run's (e.g. `INACTIVITY_SECONDS`): `test.use({ serverEnv })` at the top of
   * a spec file, the same for all its tests (they share the server).
   */
  serverEnv: [{}, { option: true }],
  fileServers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const servers = new FileServers();
      await use(servers);
      await servers.stopAll();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // Its own timeout: a file's first test does not spend its time waiting for the server to start.
  server: [
    async ({ fileServers, serverEnv }, use, testInfo) => {
      await use(await fileServers.forFile(testInfo.file, serverEnv));
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  context: async ({ context }, use) => {
    await use(await onRunClock(context));
  },
});

import { test as base } from '@playwright/test';
import { onRunClock } from './clock.js';

export { expect, type Locator, type Page } from '@playwright/test';

/** Playwright's test with every page on the run's clock (see clock.ts): the specs import test from here. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await use(await onRunClock(context));
  },
});

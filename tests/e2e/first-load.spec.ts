import { expect, test } from '@playwright/test';
import { GOAL_KB, pageWeights } from '../bench/first-load.js';

/**
 * The first-load budget (issue 13 item 7), on the client these journeys run against (`npm run test:e2e` builds it
 * into dist/client first): what the login page and the member overview load before they render, as the server
 * sends it (brotli). It had crept to 263 KB for the overview unnoticed; `npm run bench -- first-load` prints the
 * figures.
 */
test('the login page and the member overview each load at most 250 KB of compressed script before they render', () => {
  const pages = pageWeights('dist/client');
  expect(pages.map((page) => page.name)).toHaveLength(2);
  for (const page of pages) {
    expect(page.before.br, `${page.name}: ${page.before.files} scripts`).toBeLessThanOrEqual(GOAL_KB * 1000);
  }
});

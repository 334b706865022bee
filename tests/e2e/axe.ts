import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// Strings, not functions: the tests are compiled without the DOM library.
const FINITE_ANIMATIONS_SETTLED = `document.getAnimations().every((a) => {
  const timing = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : {};
  return timing.iterations === Infinity || a.playState !== 'running';
})`;

/**
 * Serious or critical axe violations on the page as it settles (the test needs `bypassCSP`: the app's CSP rightly
 * forbids the injected script). Waits for opening animations first: a dialog fading in has, for a moment, text whose
 * contrast is not yet the final one. A scan that finds something is repeated a moment later and only what is still
 * there after a moment counts: a state on its way out (a refetch, a toast leaving) is not the screen a person reads. Each violation
 * names its element's HTML and axe's summary, so a failure on CI says what it was.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  let found = await scan(page);
  if (found.length === 0) return [];
  // Scanned again until clean, for at most 1.5 s: what is still there then counts.
  await expect
    .poll(async () => (found = await scan(page)), { timeout: 1_500, intervals: [250, 500] })
    .toEqual([])
    .catch(() => undefined);
  return found;
}

async function scan(page: Page): Promise<string[]> {
  await page.waitForFunction(FINITE_ANIMATIONS_SETTLED, undefined, { timeout: 5_000 });
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.addScriptTag({ content: AXE_SOURCE });
  const { violations, passes } = (await page.evaluate(`axe.run(document).then((result) => ({
    passes: result.passes.length,
    violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => [n.target.join(' '), n.html.slice(0, 200),
        (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 240)].join(' ')) })),
  }))`)) as {
    passes: number;
    violations: { id: string; impact: string; help: string; count: number; targets: string[] }[];
  };
  expect(passes).toBeGreaterThan(10); // the scan really ran over the page
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.count}) ${v.targets.join(' | ')}`);
}

import type { Response } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { LoginPage, SelectAccountPage } from './pages.js';

/*
 * Inactivity counts the person's actions only (issue 21 item 6): an idle tab stayed signed in past the limit because
 * its own timer renewing the token counted as activity. Short limits here (20 s of inactivity, 70 s tokens, so the
 * tab renews every 10 s) let a real tab live through it: a key press keeps the session; then, left alone while its
 * timer keeps renewing, the tab ends on the expired page.
 */
test.use({ serverEnv: { INACTIVITY_SECONDS: '20', ACCESS_TOKEN_SECONDS: '70' } });

const isRenewal = (response: Response) =>
  response.url().endsWith('/Token') && (response.request().postData() ?? '').includes('grant_type=refresh_token');

async function inactivityExpires(response: Response): Promise<number> {
  expect(response.status()).toBe(200);
  return Date.parse(((await response.json()) as { inactivityExpires: string }).inactivityExpires);
}

test('a key press keeps the session; left alone, the tab ends at the limit though its timer renews the token', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('100001', 'member-demo-pass');
  await new SelectAccountPage(page).open(0);
  await expect(page).toHaveURL(/\/member\/\d+\/account\/\d+\/overview/);

  // The tab's timer renews the token; the person then presses a key, which the next renewal tells the server.
  const before = await inactivityExpires(await page.waitForResponse(isRenewal, { timeout: 30_000 }));
  await page.keyboard.press('Shift');
  const after = await inactivityExpires(await page.waitForResponse(isRenewal, { timeout: 30_000 }));
  expect(after).toBeGreaterThan(before);
  await expect(page).toHaveURL(/\/overview/);

  // Nobody acts any more: the renewals go on, and do not keep the session.
  await expect(page).toHaveURL(/\/expired$/, { timeout: 60_000 });
  await expect(page.getByText('This session has timed out', { exact: false }).first()).toBeVisible();
});
